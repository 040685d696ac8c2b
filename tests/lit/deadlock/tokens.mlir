// NVWS tokens as their lowering makes them: per buffer a `full` and an
// `empty` mbarrier of count 1; producer_acquire waits on `empty[i]` for
// parity `phase xor 1`, producer_commit arrives on `full[i]`, consumer_wait
// waits on `full[i]` for `phase`, consumer_release arrives on `empty[i]`.
// RUN: %python %inputs/exit-code.py %tscope deadlock %s --arg n=5 | %FileCheck %s

// CHECK-LABEL: == kernel token_ok: no-deadlock
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @token_ok(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %tok = nvws.create_token {loadType = 1 : i32, numBuffers = 2 : i32} : tensor<2x!nvws.token>
    ttg.warp_specialize(%tok, %n)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %st = arith.remsi %i, %c2 : i32
        %r = arith.divsi %i, %c2 : i32
        %p = arith.andi %r, %c1 : i32
        %ph = arith.trunci %p : i32 to i1
        nvws.producer_acquire %tok, %st, %ph : tensor<2x!nvws.token>, i32, i1
        nvws.producer_commit %tok, %st : tensor<2x!nvws.token>, i32
      }
      ttg.warp_yield
    }
    partition0(%tt: tensor<2x!nvws.token>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t = arith.constant 2 : i32
      scf.for %j = %z to %m step %o : i32 {
        %st = arith.remsi %j, %t : i32
        %r = arith.divsi %j, %t : i32
        %p = arith.andi %r, %o : i32
        %ph = arith.trunci %p : i32 to i1
        nvws.consumer_wait %tt, %st, %ph : tensor<2x!nvws.token>, i32, i1
        nvws.consumer_release %tt, %st : tensor<2x!nvws.token>, i32
      }
      ttg.warp_return
    } : (tensor<2x!nvws.token>, i32) -> ()
    tt.return
  }
}

// -----

// The consumer never releases: the producer's third acquire waits forever.
// CHECK-LABEL: == kernel token_no_release: deadlock
// CHECK: default{{.*}}stopped at nvws.producer_acquire
// CHECK: tok.empty[0]: phase 0, 1 of 1 arrivals pending
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @token_no_release(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %tok = nvws.create_token {loadType = 1 : i32, numBuffers = 2 : i32} : tensor<2x!nvws.token>
    ttg.warp_specialize(%tok, %n)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %st = arith.remsi %i, %c2 : i32
        %r = arith.divsi %i, %c2 : i32
        %p = arith.andi %r, %c1 : i32
        %ph = arith.trunci %p : i32 to i1
        nvws.producer_acquire %tok, %st, %ph : tensor<2x!nvws.token>, i32, i1
        nvws.producer_commit %tok, %st : tensor<2x!nvws.token>, i32
      }
      ttg.warp_yield
    }
    partition0(%tt: tensor<2x!nvws.token>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t = arith.constant 2 : i32
      scf.for %j = %z to %m step %o : i32 {
        %st = arith.remsi %j, %t : i32
        %r = arith.divsi %j, %t : i32
        %p = arith.andi %r, %o : i32
        %ph = arith.trunci %p : i32 to i1
        nvws.consumer_wait %tt, %st, %ph : tensor<2x!nvws.token>, i32, i1
      }
      ttg.warp_return
    } : (tensor<2x!nvws.token>, i32) -> ()
    tt.return
  }
}
