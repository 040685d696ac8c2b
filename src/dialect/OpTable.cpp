// OpTable: the per-op table and the operand-role decoder. Textual operand
// orders are those of the assemblyFormat strings in the .td files of
// facebookexperimental/triton (TritonOps.td, TritonGPUOps.td,
// TritonNvidiaGPUOps.td, NVWSOps.td, TLXOps.td, TritonAMDGPUOps.td).
#include "dialect/OpTable.h"
#include "dialect/Types.h"

#include <algorithm>
#include <unordered_map>

#include "ir/Attribute.h"
#include "ir/Lexer.h"

namespace tscope::dialect {
namespace {

using K = OpKind;
using C = OpCategory;

constexpr OpInfo kTable[] = {
    {"ttng.init_barrier", K::InitBarrier, C::Barrier, "tlx.alloc_barriers"},
    {"ttng.inval_barrier", K::InvalBarrier, C::Barrier, ""},
    {"ttng.barrier_expect", K::BarrierExpect, C::Barrier, "tlx.barrier_expect_bytes"},
    {"ttng.wait_barrier", K::WaitBarrier, C::Barrier, "tlx.barrier_wait"},
    {"ttng.arrive_barrier", K::ArriveBarrier, C::Barrier, "tlx.barrier_arrive"},
    {"ttng.async_copy_mbarrier_arrive", K::AsyncCopyMbarrierArrive, C::Barrier, "tlx.async_load_commit_group"},
    {"ttng.clc_try_cancel", K::ClcTryCancel, C::Barrier, ""},
    {"ttng.async_clc_try_cancel", K::ClcTryCancel, C::Barrier, ""},
    // AMD's LDS mbarriers (gfx1250), third_party/amd/include/Dialect/
    // TritonAMDGPU/IR/TritonAMDGPUOps.td of facebookexperimental/triton:
    // `init_barrier $alloc, $count` expects `count` arrivals;
    // `arrive_barrier $alloc, $count -> i32` lowers the pending count by
    // `count` ("if the pending count reaches zero, the phase changes ... and
    // the pending count is reloaded with the init count value"; its result,
    // the parity before the arrive, is not interpreted);
    // `wait_barrier $alloc, $phase` blocks "until the mbarrier object in
    // `alloc` completes its current phase": its lowering (BarrierOpToLLVM.cpp)
    // spins while the barrier's 1-bit phase equals `$phase`, the parity wait
    // of the NVIDIA rule (Transitions.cpp: a `$phase` other than 0 or 1 never
    // equals it and passes at once); `async_copy_mbarrier_arrive $barrier`
    // arrives once "when all previous async load to LDS ... have completed",
    // as ttng's does. No predicate operands.
    {"amdg.init_barrier", K::InitBarrier, C::Barrier, ""},
    {"amdg.arrive_barrier", K::ArriveBarrier, C::Barrier, ""},
    {"amdg.wait_barrier", K::WaitBarrier, C::Barrier, ""},
    {"amdg.async_copy_mbarrier_arrive", K::AsyncCopyMbarrierArrive, C::Barrier, ""},
    {"ttng.arrive_barrier_named", K::NamedBarrierArrive, C::Barrier, "tlx.named_barrier_arrive"},
    {"ttng.wait_barrier_named", K::NamedBarrierWait, C::Barrier, "tlx.named_barrier_wait"},
    {"ttg.barrier", K::CtaBarrier, C::Barrier, ""},
    {"gpu.barrier", K::CtaBarrier, C::Barrier, ""},
    {"ttng.async_tma_copy_global_to_local", K::TmaLoad, C::Tma, "tlx.async_descriptor_load"},
    {"ttng.async_tma_copy_local_to_global", K::TmaStore, C::Tma, "tlx.async_descriptor_store"},
    {"ttng.async_tma_reduce", K::TmaReduce, C::Tma, "tlx.async_descriptor_reduce"},
    {"ttng.async_tma_gather", K::TmaGather, C::Tma, "tlx.async_descriptor_gather"},
    {"ttng.async_tma_scatter", K::TmaScatter, C::Tma, "tlx.async_descriptor_scatter"},
    {"ttng.async_tma_store_wait", K::TmaStoreWait, C::Tma, "tlx.async_descriptor_store_wait"},
    {"ttng.async_tma_store_token_wait", K::TmaStoreWait, C::Tma, "tlx.async_descriptor_store_wait"},
    {"ttng.async_tma_prefetch", K::TmaPrefetch, C::Tma, "tlx.async_descriptor_prefetch"},
    {"tt.descriptor_load", K::DescriptorLoad, C::Tma, "tl.load"},
    {"tt.descriptor_store", K::DescriptorStore, C::Tma, "tl.store"},
    {"tt.descriptor_gather", K::DescriptorGather, C::Tma, "tl.gather"},
    {"tt.descriptor_scatter", K::DescriptorScatter, C::Tma, "tl.scatter"},
    {"tt.descriptor_reduce", K::DescriptorReduce, C::Tma, "tl.atomic_add"},
    {"nvws.descriptor_load", K::DescriptorLoad, C::Tma, "tl.load"},
    {"nvws.descriptor_gather", K::DescriptorGather, C::Tma, "tl.gather"},
    {"tt.make_tensor_descriptor", K::MakeTensorDescriptor, C::Tma, "tl.make_tensor_descriptor"},
    {"ttng.warp_group_dot", K::WarpGroupDot, C::Mma, "tlx.async_dot"},
    {"ttng.warp_group_dot_wait", K::WarpGroupDotWait, C::Mma, "tlx.async_dot_wait"},
    {"tt.dot", K::WarpGroupDot, C::Mma, "tl.dot"},
    {"ttng.tc_gen5_mma", K::TcGen5Mma, C::Mma, "tlx.async_dot"},
    {"ttng.tc_gen5_mma_scaled", K::TcGen5MmaScaled, C::Mma, "tlx.async_dot_scaled"},
    {"ttng.tc_gen5_commit", K::TcGen5Commit, C::Mma, "tlx.tcgen05_commit"},
    {"ttg.local_alloc", K::LocalAlloc, C::Memory, "tlx.local_alloc"},
    {"ttg.local_dealloc", K::LocalDealloc, C::Memory, ""},
    {"ttg.local_load", K::LocalLoad, C::Memory, "tlx.local_load"},
    {"ttg.local_store", K::LocalStore, C::Memory, "tlx.local_store"},
    // ld.shared of a clusterlaunchcontrol response: a plain (generic-proxy) read.
    {"ttng.clc_load_result", K::LocalLoad, C::Memory, ""},
    {"ttg.memdesc_index", K::MemDescIndex, C::Memory, "tlx.local_view"},
    {"ttg.memdesc_subslice", K::MemDescView, C::Memory, "tlx.subslice"},
    {"ttg.memdesc_dynamic_subslice", K::MemDescView, C::Memory, "tlx.subslice"},
    {"ttg.memdesc_trans", K::MemDescView, C::Memory, "tlx.local_trans"},
    {"ttg.memdesc_reshape", K::MemDescView, C::Memory, "tlx.local_reshape"},
    {"ttg.memdesc_reinterpret", K::MemDescView, C::Memory, "tlx.local_reinterpret"},
    {"ttng.tmem_subslice", K::MemDescView, C::Memory, "tlx.subslice"},
    {"tlx.local_alias", K::MemDescView, C::Memory, "tlx.local_alias"},
    {"ttng.tmem_alloc", K::TmemAlloc, C::Memory, "tlx.local_alloc"},
    {"ttng.tmem_load", K::TmemLoad, C::Memory, "tlx.local_load"},
    {"ttng.tmem_store", K::TmemStore, C::Memory, "tlx.local_store"},
    {"ttng.tmem_copy", K::TmemCopy, C::Memory, "tlx.tmem_copy"},
    {"ttg.async_copy_global_to_local", K::AsyncCopyGlobalToLocal, C::Memory, "tlx.async_load"},
    {"ttg.async_commit_group", K::AsyncCommitGroup, C::Memory, "tlx.async_load_commit_group"},
    {"ttg.async_wait", K::AsyncWait, C::Memory, "tlx.async_load_wait_group"},
    {"ttng.fence_async_shared", K::FenceAsyncShared, C::Memory, "tlx.fence"},
    {"tt.load", K::GlobalLoad, C::Memory, "tl.load"},
    {"tt.store", K::GlobalStore, C::Memory, "tl.store"},
    {"ttg.warp_specialize", K::WarpSpecialize, C::WarpSpec, "tlx.async_tasks"},
    {"ttg.warp_specialize.partitions", K::WarpSpecializePartitions, C::WarpSpec, ""},
    {"ttg.warp_yield", K::WarpYield, C::WarpSpec, ""},
    {"ttg.warp_return", K::WarpReturn, C::WarpSpec, ""},
    {"nvws.warp_group", K::WarpGroup, C::WarpSpec, "tlx.async_tasks"},
    {"nvws.warp_group.yield", K::WarpYield, C::WarpSpec, ""},
    {"nvws.aref.create", K::ArefCreate, C::Nvws, ""},
    {"nvws.aref.put.enter", K::ArefPutEnter, C::Nvws, ""},
    {"nvws.aref.put.exit", K::ArefPutExit, C::Nvws, ""},
    {"nvws.aref.get.enter", K::ArefGetEnter, C::Nvws, ""},
    {"nvws.aref.get.exit", K::ArefGetExit, C::Nvws, ""},
    {"nvws.aref.buffer", K::ArefBuffer, C::Nvws, ""},
    {"nvws.create_token", K::CreateToken, C::Nvws, ""},
    {"nvws.producer_acquire", K::ProducerAcquire, C::Nvws, ""},
    {"nvws.producer_commit", K::ProducerCommit, C::Nvws, ""},
    {"nvws.consumer_wait", K::ConsumerWait, C::Nvws, ""},
    {"nvws.consumer_release", K::ConsumerRelease, C::Nvws, ""},
    {"scf.for", K::For, C::Control, ""},
    {"scf.if", K::If, C::Control, ""},
    {"scf.while", K::While, C::Control, ""},
    {"scf.yield", K::Yield, C::Control, ""},
    {"cf.br", K::Branch, C::Control, ""},
    {"cf.cond_br", K::CondBranch, C::Control, ""},
    {"tt.reduce", K::Reduce, C::Other, "tl.reduce"},
    {"tt.func", K::Func, C::Control, ""},
    {"tt.return", K::Return, C::Control, ""},
    {"tt.get_program_id", K::GetProgramId, C::Other, "tl.program_id"},
    {"tt.get_num_programs", K::GetNumPrograms, C::Other, "tl.num_programs"},
};

const std::unordered_map<std::string_view, const OpInfo *> &index() {
  static const auto *m = [] {
    auto *t = new std::unordered_map<std::string_view, const OpInfo *>();
    for (const OpInfo &i : kTable)
      t->emplace(i.name, &i);
    return t;
  }();
  return *m;
}

} // namespace

const OpInfo *lookupOp(std::string_view name) {
  auto it = index().find(name);
  return it == index().end() ? nullptr : it->second;
}

const OpInfo *lookupOp(const ir::OpName &n) {
  // The slot holds the table index + 2, or 1 for a name not in the table.
  uint16_t t = n.tableSlot.load(std::memory_order_relaxed);
  if (t == 0) {
    const OpInfo *i = lookupOp(n.name);
    t = static_cast<uint16_t>(i ? i - kTable + 2 : 1);
    n.tableSlot.store(t, std::memory_order_relaxed);
  }
  return t == 1 ? nullptr : &kTable[t - 2];
}

OpKind kindOf(const ir::Operation *op) {
  const OpInfo *i = lookupOp(*op->name);
  return i ? i->kind : OpKind::Other;
}

std::string_view kindName(OpKind k) {
  switch (k) {
  case K::InitBarrier: return "init_barrier";
  case K::InvalBarrier: return "inval_barrier";
  case K::BarrierExpect: return "barrier_expect";
  case K::WaitBarrier: return "wait_barrier";
  case K::ArriveBarrier: return "arrive_barrier";
  case K::AsyncCopyMbarrierArrive: return "async_copy_mbarrier_arrive";
  case K::NamedBarrierArrive: return "named_barrier_arrive";
  case K::NamedBarrierWait: return "named_barrier_wait";
  case K::CtaBarrier: return "cta_barrier";
  case K::TmaLoad: return "tma_load";
  case K::TmaStore: return "tma_store";
  case K::TmaReduce: return "tma_reduce";
  case K::TmaGather: return "tma_gather";
  case K::TmaScatter: return "tma_scatter";
  case K::TmaStoreWait: return "tma_store_wait";
  case K::TmaPrefetch: return "tma_prefetch";
  case K::DescriptorLoad: return "descriptor_load";
  case K::DescriptorStore: return "descriptor_store";
  case K::DescriptorGather: return "descriptor_gather";
  case K::DescriptorScatter: return "descriptor_scatter";
  case K::DescriptorReduce: return "descriptor_reduce";
  case K::MakeTensorDescriptor: return "make_tensor_descriptor";
  case K::WarpGroupDot: return "wgmma";
  case K::WarpGroupDotWait: return "wgmma_wait";
  case K::TcGen5Mma: return "tcgen05_mma";
  case K::TcGen5MmaScaled: return "tcgen05_mma_scaled";
  case K::TcGen5Commit: return "tcgen05_commit";
  case K::LocalAlloc: return "local_alloc";
  case K::LocalDealloc: return "local_dealloc";
  case K::LocalLoad: return "local_load";
  case K::LocalStore: return "local_store";
  case K::MemDescView: return "memdesc_view";
  case K::MemDescIndex: return "memdesc_index";
  case K::TmemAlloc: return "tmem_alloc";
  case K::TmemLoad: return "tmem_load";
  case K::TmemStore: return "tmem_store";
  case K::TmemCopy: return "tmem_copy";
  case K::AsyncCopyGlobalToLocal: return "cp_async";
  case K::AsyncCommitGroup: return "cp_async_commit";
  case K::AsyncWait: return "cp_async_wait";
  case K::FenceAsyncShared: return "fence_async_shared";
  case K::GlobalLoad: return "load";
  case K::GlobalStore: return "store";
  case K::WarpSpecialize: return "warp_specialize";
  case K::WarpSpecializePartitions: return "warp_specialize.partitions";
  case K::WarpYield: return "warp_yield";
  case K::WarpReturn: return "warp_return";
  case K::WarpGroup: return "warp_group";
  case K::ArefCreate: return "aref_create";
  case K::ArefPutEnter: return "aref_put_enter";
  case K::ArefPutExit: return "aref_put_exit";
  case K::ArefGetEnter: return "aref_get_enter";
  case K::ArefGetExit: return "aref_get_exit";
  case K::ArefBuffer: return "aref_buffer";
  case K::ClcTryCancel: return "clc_try_cancel";
  case K::CreateToken: return "create_token";
  case K::ProducerAcquire: return "producer_acquire";
  case K::ProducerCommit: return "producer_commit";
  case K::ConsumerWait: return "consumer_wait";
  case K::ConsumerRelease: return "consumer_release";
  case K::For: return "for";
  case K::If: return "if";
  case K::While: return "while";
  case K::Yield: return "yield";
  case K::Branch: return "branch";
  case K::CondBranch: return "cond_branch";
  case K::Reduce: return "reduce";
  case K::Func: return "func";
  case K::Return: return "return";
  case K::GetProgramId: return "program_id";
  case K::GetNumPrograms: return "num_programs";
  case K::Other: break;
  }
  return "other";
}

OpSyntax scanOpSyntax(const ir::Module &m, const ir::Operation *op) {
  OpSyntax out;
  out.slots.resize(op->numOperands);
  if (op->form != ir::Operation::Form::Pretty)
    return out;
  ir::Lexer lex(m.buffer());
  lex.resetTo(m.buffer().data() + op->range.offset, op->line);
  uint32_t end = op->range.end();
  auto offsetOf = [&](const ir::Token &t) {
    return static_cast<uint32_t>(t.spelling.data() - m.buffer().data());
  };
  ir::Token t = lex.lex();
  // Skip the result list.
  if (t.kind == ir::Token::percent_identifier) {
    while (t.kind != ir::Token::equal && t.kind != ir::Token::eof && offsetOf(t) < end)
      t = lex.lex();
    t = lex.lex();
  }
  t = lex.lex(); // past the op name
  int depth = 0;
  std::vector<int32_t> bracketOwner; // per open bracket: operand index or -1
  uint32_t next = 0;
  int32_t lastOperandTok = -1; // operand index if the previous token was a use
  std::string_view keyword;
  bool first = true, afterColon = false, negative = false;
  while (t.kind != ir::Token::eof && t.kind != ir::Token::error && offsetOf(t) < end) {
    switch (t.kind) {
    case ir::Token::l_paren:
    case ir::Token::l_square:
    case ir::Token::less:
      bracketOwner.push_back(t.kind == ir::Token::l_square ? lastOperandTok : -1);
      ++depth;
      break;
    case ir::Token::l_brace: {
      // attribute dictionary: skip it whole
      const char *errAt = nullptr;
      if (!lex.skipBracketed(t.spelling.data(), errAt))
        return out;
      break;
    }
    case ir::Token::r_paren:
    case ir::Token::r_square:
    case ir::Token::greater:
      if (depth > 0) {
        --depth;
        bracketOwner.pop_back();
      }
      break;
    case ir::Token::colon:
      if (depth == 0)
        afterColon = true;
      break;
    case ir::Token::bare_identifier:
      if (depth == 0 && !afterColon) {
        if (first)
          out.firstWord = t.spelling;
        // A word is a keyword group (`deps %d`, `offsets = [...]`) only when an
        // operand or `=` follows it; `cmpi slt, %a` is not.
        ir::Lexer::State st = lex.save();
        ir::Token n = lex.lex();
        lex.restore(st);
        if (t.spelling != "loc" && (n.kind == ir::Token::percent_identifier ||
                                    n.kind == ir::Token::equal))
          keyword = t.spelling;
        else if (n.kind != ir::Token::percent_identifier)
          keyword = {};
      }
      break;
    case ir::Token::percent_identifier:
      if (next < out.slots.size()) {
        OperandSlot &s = out.slots[next];
        s.keyword = depth == 0 ? keyword : std::string_view();
        if (depth > 0 && !bracketOwner.empty()) {
          s.bracketOf = bracketOwner.back();
          // A keyword group such as `offsets = [%a, %b]` keeps its keyword.
          if (s.bracketOf < 0)
            s.keyword = keyword;
        }
      }
      lastOperandTok = static_cast<int32_t>(next++);
      first = false;
      t = lex.lex();
      continue;
    case ir::Token::minus:
      negative = true;
      t = lex.lex();
      continue;
    case ir::Token::integer:
      if (depth == 0 && !afterColon) {
        int64_t v = 0;
        for (char c : t.spelling)
          if (c >= '0' && c <= '9' && v < (int64_t(1) << 56))
            v = v * 10 + (c - '0');
        out.literals.push_back(negative ? -v : v);
      }
      break;
    default:
      break;
    }
    negative = false;
    first = first && t.kind != ir::Token::comma;
    lastOperandTok = -1;
    t = lex.lex();
  }
  if (next != op->numOperands)
    out.slots.assign(op->numOperands, {});
  return out;
}

std::string_view attrText(const ir::Module &m, const ir::Operation *op, std::string_view name) {
  return ir::getAttr(m, *op, name).text();
}

std::string_view constantLiteral(const ir::Module &m, const ir::Operation *op) {
  if (!op->is("arith.constant"))
    return {};
  std::string_view rest;
  if (op->form == ir::Operation::Form::Generic) {
    rest = attrText(m, op, "value");
  } else {
    std::string_view text = m.str(op->range);
    if (!op->loc.empty() && op->loc.offset > op->range.offset)
      text = text.substr(0, op->loc.offset - op->range.offset);
    size_t at = text.find("arith.constant");
    if (at == std::string_view::npos)
      return {};
    rest = ir::trim(text.substr(at + 14));
    if (!rest.empty() && rest.front() == '{') { // the attribute dictionary
      int depth = 0;
      size_t i = 0;
      for (; i < rest.size(); ++i) {
        char c = rest[i];
        if (c == '"') {
          for (++i; i < rest.size() && rest[i] != '"'; ++i)
            if (rest[i] == '\\')
              ++i;
          continue;
        }
        if (c == '{' || c == '(' || c == '[')
          ++depth;
        else if ((c == '}' || c == ')' || c == ']') && --depth == 0)
          break;
      }
      rest = ir::trim(rest.substr(std::min(rest.size(), i + 1)));
    }
  }
  // The literal ends at the type's colon; `dense<...>` may hold none of its own
  // before ` : tensor<...>`.
  size_t end = 0;
  int angle = 0;
  for (; end < rest.size(); ++end) {
    char c = rest[end];
    if (c == '<')
      ++angle;
    else if (c == '>')
      --angle;
    else if (angle == 0 && (c == ':' || c == ' ' || c == '\t' || c == '\n'))
      break;
  }
  return rest.substr(0, end);
}

std::optional<int64_t> intAttr(const ir::Module &m, const ir::Operation *op, std::string_view name) {
  return ir::getAttr(m, *op, name).asInt();
}

std::vector<int64_t> intArrayAttr(const ir::Module &m, const ir::Operation *op,
                                  std::string_view name) {
  return ir::getAttr(m, *op, name).asIntArray().value_or(std::vector<int64_t>());
}

namespace {

/// An op's operands as its syntax places them: positional, inside another
/// operand's brackets, or after a keyword; and the integer literals.
struct OperandView {
  const ir::Module &m;
  const ir::Operation *op;
  OpSyntax syn;
  bool generic = false;
  std::vector<const ir::Value *> pos, keyed;
  std::vector<std::vector<const ir::Value *>> inBrackets;
  std::vector<std::string_view> keys;

  OperandView(const ir::Module &module, const ir::Operation *o)
      : m(module), op(o), syn(scanOpSyntax(module, o)), generic(o->form == ir::Operation::Form::Generic),
        inBrackets(o->numOperands) {
    // Positional operands: not inside another operand's brackets, not in a
    // keyword group.
    for (uint32_t i = 0; i < op->numOperands; ++i) {
      const OperandSlot &s = syn.slots[i];
      const ir::Value *val = op->operands[i];
      if (s.bracketOf >= 0)
        inBrackets[static_cast<size_t>(s.bracketOf)].push_back(val);
      else if (!s.keyword.empty() && s.keyword != "attributes")
        keyed.push_back(val), keys.push_back(s.keyword);
      else
        pos.push_back(val);
    }
  }
  const ir::Value *posAt(size_t i) const { return i < pos.size() ? pos[i] : nullptr; }
  std::vector<const ir::Value *> bracketsOfPos(size_t i) const {
    for (uint32_t k = 0; k < op->numOperands; ++k)
      if (op->operands[k] == posAt(i) && syn.slots[k].bracketOf < 0)
        return inBrackets[k];
    return {};
  }
  std::optional<int64_t> literal(size_t i) const {
    if (i < syn.literals.size())
      return syn.literals[i];
    return std::nullopt;
  }
};

/// Roles of the mbarrier and named-barrier ops; false when `kind` is not one of them.
bool barrierRoles(OpKind kind, const OperandView &v, OperandRoles &r) {
  switch (kind) {
  case K::InitBarrier:
    r.barrier = v.posAt(0);
    r.count = v.generic ? intAttr(v.m, v.op, "count") : v.literal(0);
    break;
  case K::InvalBarrier:
    r.barrier = v.posAt(0);
    break;
  case K::BarrierExpect:
    r.barrier = v.posAt(0);
    r.pred = v.posAt(1);
    r.bytes = v.generic ? intAttr(v.m, v.op, "size") : v.literal(0);
    break;
  case K::WaitBarrier:
    r.barrier = v.posAt(0);
    r.phase = v.posAt(1);
    r.pred = v.posAt(2);
    for (size_t i = 0; i < v.keyed.size(); ++i)
      if (v.keys[i] == "deps")
        r.reads.push_back(v.keyed[i]);
    break;
  case K::ArriveBarrier:
    r.barrier = v.posAt(0);
    r.pred = v.posAt(1);
    r.count = v.generic ? intAttr(v.m, v.op, "count") : v.literal(0);
    if (!r.count)
      r.count = 1;
    break;
  case K::AsyncCopyMbarrierArrive:
    r.barrier = v.posAt(0);
    r.count = 1;
    break;
  case K::NamedBarrierArrive:
  case K::NamedBarrierWait:
    r.barrier = v.posAt(0);
    r.numThreads = v.posAt(1);
    break;
  case K::ClcTryCancel: {
    // `clc_try_cancel $result, $mbarrier` (upstream); the fork's older
    // `async_clc_try_cancel $mbarAlloc, $clcResAlloc` has them the other way.
    // Either writes a 16-byte response and completes 16 bytes on the barrier.
    bool older = v.op->is("ttng.async_clc_try_cancel");
    r.barrier = v.posAt(older ? 0 : 1);
    r.buffer = v.posAt(older ? 1 : 0);
    if (r.buffer)
      r.writes.push_back(r.buffer);
    r.bytes = 16;
    break;
  }
  default:
    return false;
  }
  return true;
}

/// Roles of the TMA, descriptor and MMA ops; false when `kind` is not one of them.
bool asyncRoles(OpKind kind, const OperandView &v, OperandRoles &r) {
  switch (kind) {
  case K::TmaLoad:
  case K::TmaGather:
    r.desc = v.posAt(0);
    r.coords = v.bracketsOfPos(0);
    r.buffer = v.posAt(1);
    r.barrier = v.posAt(2);
    r.pred = v.posAt(3);
    if (r.buffer)
      r.writes.push_back(r.buffer);
    break;
  case K::TmaStore:
  case K::TmaReduce:
  case K::TmaScatter:
    r.desc = v.posAt(0);
    r.coords = v.bracketsOfPos(0);
    r.buffer = v.posAt(1);
    if (r.buffer)
      r.reads.push_back(r.buffer);
    break;
  case K::TmaPrefetch:
  case K::DescriptorLoad:
  case K::DescriptorGather:
    r.desc = v.posAt(0);
    r.coords = v.bracketsOfPos(0);
    if (v.op->opName().starts_with("nvws.")) {
      // `nvws.descriptor_load $desc[$indices] $txCount $result`: a TMA load
      // into an aref buffer once NVWSLowerAref rewrites it.
      r.buffer = v.posAt(1);
      if (r.buffer)
        r.writes.push_back(r.buffer);
      r.bytes = v.generic ? intAttr(v.m, v.op, "txCount") : v.literal(0);
    }
    break;
  case K::DescriptorStore:
  case K::DescriptorScatter:
  case K::DescriptorReduce:
    r.desc = v.posAt(0);
    r.coords = v.bracketsOfPos(0);
    r.source = v.posAt(1);
    break;
  case K::WarpGroupDot:
    for (size_t i = 0; i < 3 && i < v.pos.size(); ++i)
      r.reads.push_back(v.pos[i]);
    r.source = v.posAt(2); // accumulator
    break;
  case K::TcGen5Mma:
  case K::TcGen5MmaScaled: {
    size_t nIn = kind == K::TcGen5Mma ? 2 : 2;
    for (size_t i = 0; i < nIn; ++i)
      if (v.posAt(i))
        r.reads.push_back(v.posAt(i));
    r.buffer = v.posAt(2);
    if (r.buffer)
      r.writes.push_back(r.buffer);
    size_t first = kind == K::TcGen5Mma ? 5 : 7;
    if (kind == K::TcGen5MmaScaled) {
      if (v.posAt(3))
        r.reads.push_back(v.posAt(3));
      if (v.posAt(4))
        r.reads.push_back(v.posAt(4));
    }
    r.pred = v.posAt(first - 1);
    for (size_t i = first; i < v.pos.size(); ++i)
      r.barriers.push_back(v.pos[i]);
    r.useAcc = v.posAt(first - 2);
    break;
  }
  case K::TcGen5Commit:
    r.barrier = v.posAt(0);
    r.pred = v.posAt(1);
    break;
  default:
    return false;
  }
  return true;
}

/// Roles of the allocation, load/store, view and cp.async ops; false when `kind` is not one of them.
bool memoryRoles(OpKind kind, const OperandView &v, OperandRoles &r) {
  switch (kind) {
  case K::TmemAlloc:
  case K::LocalAlloc:
    r.source = v.posAt(0);
    break;
  case K::TmemLoad:
  case K::LocalLoad:
    r.buffer = v.posAt(0);
    if (r.buffer)
      r.reads.push_back(r.buffer);
    break;
  case K::TmemStore:
  case K::LocalStore:
    r.source = v.posAt(0);
    r.buffer = v.posAt(1);
    r.pred = v.posAt(2);
    if (r.buffer)
      r.writes.push_back(r.buffer);
    break;
  case K::TmemCopy:
    r.source = v.posAt(0);
    r.buffer = v.posAt(1);
    r.barrier = v.posAt(2);
    if (r.source)
      r.reads.push_back(r.source);
    if (r.buffer)
      r.writes.push_back(r.buffer);
    break;
  case K::LocalDealloc:
    r.buffer = v.posAt(0);
    break;
  case K::MemDescIndex:
    r.source = v.posAt(0);
    r.index = v.generic ? v.posAt(1) : (v.bracketsOfPos(0).empty() ? v.posAt(1) : v.bracketsOfPos(0)[0]);
    break;
  case K::MemDescView:
    r.source = v.posAt(0);
    break;
  case K::AsyncCopyGlobalToLocal:
    r.source = v.posAt(0);
    r.buffer = v.posAt(1);
    if (r.buffer)
      r.writes.push_back(r.buffer);
    for (size_t i = 0; i < v.keyed.size(); ++i)
      if (v.keys[i] == "barrier")
        r.barrier = v.keyed[i];
    break;
  default:
    return false;
  }
  return true;
}

/// Roles of the NVWS token and aref ops; false when `kind` is not one of them.
bool arefRoles(OpKind kind, const OperandView &v, OperandRoles &r) {
  switch (kind) {
  case K::ProducerAcquire:
  case K::ConsumerWait:
    r.barrier = v.posAt(0);
    r.index = v.posAt(1);
    r.phase = v.posAt(2);
    break;
  case K::ProducerCommit:
  case K::ConsumerRelease:
    r.barrier = v.posAt(0);
    r.index = v.posAt(1);
    break;
  case K::ArefPutEnter:
  case K::ArefGetEnter: {
    r.barrier = v.posAt(0);
    auto b = v.bracketsOfPos(0);
    if (b.size() >= 1)
      r.index = b[0];
    if (b.size() >= 2)
      r.phase = b[1];
    break;
  }
  case K::ArefBuffer: {
    r.source = v.posAt(0);
    auto b = v.bracketsOfPos(0);
    if (!b.empty())
      r.index = b[0];
    break;
  }
  case K::ArefPutExit:
  case K::ArefGetExit: {
    r.barrier = v.posAt(0);
    r.source = v.posAt(1); // the token of the enter this exit closes
    auto b = v.bracketsOfPos(0);
    if (!b.empty())
      r.index = b[0];
    break;
  }
  default:
    return false;
  }
  return true;
}

} // namespace

std::vector<std::string_view> arefAsyncOps(const ir::Module &m, const ir::Operation *op) {
  std::vector<std::string_view> out;
  std::string_view text = m.buffer().text().substr(op->range.offset, op->range.size);
  constexpr std::string_view kTag = "#nvws.async_op<";
  for (size_t at = text.find(kTag); at != std::string_view::npos; at = text.find(kTag, at + 1)) {
    size_t b = at + kTag.size(), e = text.find('>', b);
    if (e == std::string_view::npos)
      break;
    out.push_back(text.substr(b, e - b));
  }
  return out;
}

OperandRoles operandRoles(const ir::Module &m, const ir::Operation *op) {
  OperandRoles r;
  OpKind kind = kindOf(op);
  if (kind == OpKind::Other)
    return r;
  OperandView v(m, op);
  if (!barrierRoles(kind, v, r) && !asyncRoles(kind, v, r) && !memoryRoles(kind, v, r))
    arefRoles(kind, v, r);
  if (kind == OpKind::TcGen5Mma || kind == OpKind::TcGen5MmaScaled)
    r.synchronous = !ir::getAttr(m, *op, "is_async").present() && r.barriers.empty();
  return r;
}

TmaLoadBytes tmaLoadBytes(const ir::Module &m, const ir::Chunk *chunk, const ir::Operation *op) {
  TmaLoadBytes out;
  OperandRoles r = operandRoles(m, op);
  if (r.buffer)
    if (auto md = parseMemDesc(m, chunk, typeText(m, r.buffer)))
      out.buffer = md->bytes();
  // Only the tiled copy writes one whole box; a gather's rows and an im2col
  // copy's pixels are not the block.
  if (op->is("ttng.async_tma_copy_global_to_local") && r.desc && op->numOperands > 0 &&
      m.str(op->range).find("im2col") == std::string_view::npos)
    if (auto t = parseTensor(typeText(m, r.desc)); t && t->isDescriptor)
      out.box = t->bytes();
  return out;
}

} // namespace tscope::dialect
