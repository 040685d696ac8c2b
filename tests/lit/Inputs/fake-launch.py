"""Feeds tscope_record.record_launch objects shaped like Triton's, then
writes the record to sys.argv[1] (no GPU, no Triton needed)."""
import sys
import types

import tscope_record


class Dtype:
    def __init__(self, s):
        self.s = s

    def __str__(self):
        return "torch." + self.s


class Tensor:
    def __init__(self, shape, dtype):
        self.shape, self.dtype = shape, Dtype(dtype)

    def data_ptr(self):
        return 0


class TensorDescriptor:
    def __init__(self, base, shape, strides, block_shape):
        self.base, self.shape, self.strides, self.block_shape = base, shape, strides, block_shape


tscope_record._out = open(sys.argv[1], "w")
meta = types.SimpleNamespace(name="ws_tma_matmul_kernel", hash="abc", num_warps=4, num_ctas=1, target="cuda:90")
a = Tensor([512, 512], "float16")
tscope_record.record_launch((4, 8), meta, {"a_desc": TensorDescriptor(a, [512, 512], [512, 1], [128, 64]),
                                           "c": Tensor([512, 512], "float32"), "K": 512, "flag": True})
