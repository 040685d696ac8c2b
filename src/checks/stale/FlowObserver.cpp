// FlowObserver: the rows the data-flow check keeps in a state's `flow`
// words, and the two rules over them (stale-read, lost-write).
#include "checks/stale/FlowObserver.h"

#include <algorithm>
#include <tuple>

#include "checks/model/AsyncAgents.h"
#include "checks/model/Explorer.h"
#include "dialect/OpTable.h"

namespace tscope::checks::stale {

using namespace model;

namespace {

/// A ring slot: allocation, slot, and TMEM columns where known.
struct Loc {
  uint64_t alloc = 0;
  int64_t slot = -1, col0 = 0, col1 = 0;
  auto tie() const { return std::tie(alloc, slot, col0, col1); }
  bool operator==(const Loc &o) const { return tie() == o.tie(); }
  bool operator<(const Loc &o) const { return tie() < o.tie(); }
};

/// The last write into a slot.
struct WriteRow {
  Loc loc;
  const ir::Operation *op = nullptr;
  uint64_t actor = 0;
  bool published = false; // released to its readers (async completion, or the writer's next arrive)
  bool read = false;      // some other actor read it
  bool operator<(const WriteRow &o) const { return loc < o.loc; }
};

/// One reader of a slot.
struct ReadRow {
  Loc loc;
  uint64_t actor = 0;
  const ir::Operation *op = nullptr; // its last read (names the reader after its process joined)
  bool consumed = false; // it read the slot's current write
  bool oldWait = false;  // its process passed a wait on an old phase since it last read the slot
  bool operator<(const ReadRow &o) const { return std::tie(loc, actor) < std::tie(o.loc, o.actor); }
};

/// The phase of a process's last wait on one barrier.
struct WaitRow {
  uint64_t pi = 0, key = 0;
  int64_t phase = 0;
  bool operator<(const WaitRow &o) const { return std::tie(pi, key) < std::tie(o.pi, o.key); }
};

/// The encoding (Rows::encode): three counts, then the write rows (Loc, op,
/// actor, flags: 7 words each, sorted by Loc), the read rows (Loc, actor,
/// op, flags: 7 words, sorted by Loc then actor) and the wait rows (process,
/// barrier key, phase: 3 words, sorted by process then key). Flags are not
/// part of any row's sort key, so they may be changed in place.
constexpr size_t kHeadWords = 3, kLocWords = 4, kWriteWords = 7, kReadWords = 7, kWaitWords = 3;
constexpr size_t kWriteActor = 5, kWriteFlags = 6, kReadActor = 4, kReadFlags = 6;
/// The flag bits: a write row's `published` and `read`, a read row's
/// `consumed` and `oldWait`.
constexpr uint64_t kPublished = 1, kWriteRead = 2, kConsumed = 1, kOldWait = 2;

/// Orders two rows' keys as Rows::encode sorts them: a Loc (allocation
/// unsigned, slot and columns signed), then for read rows the actor.
int compareKeys(const uint64_t *x, const uint64_t *y, size_t keyWords) {
  for (size_t i = 0; i < keyWords; ++i) {
    if (x[i] == y[i])
      continue;
    bool isSigned = i >= 1 && i < kLocWords; // slot, col0, col1
    bool less = isSigned ? static_cast<int64_t>(x[i]) < static_cast<int64_t>(y[i]) : x[i] < y[i];
    return less ? -1 : 1;
  }
  return 0;
}

/// Notes the allocation of every row of one kind present on one side only
/// or different on the two sides (rows of `width` words, keys of `keyWords`,
/// `n` rows each from `a` and `b`): a merge of the two sorted runs.
template <class Note>
void diffRows(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, size_t width, size_t keyWords, Note note) {
  size_t i = 0, j = 0;
  while (i < na || j < nb) {
    const uint64_t *x = i < na ? a + i * width : nullptr, *y = j < nb ? b + j * width : nullptr;
    int c = !x ? 1 : !y ? -1 : compareKeys(x, y, keyWords);
    if (c < 0) {
      note(x[0]);
      ++i;
    } else if (c > 0) {
      note(y[0]);
      ++j;
    } else {
      if (!std::equal(x, x + width, y))
        note(x[0]);
      ++i;
      ++j;
    }
  }
}

/// The rows of one state, decoded from and encoded into State::flow
/// (sorted, so that equal rows give equal words whatever the path).
struct Rows {
  std::vector<WriteRow> writes;
  std::vector<ReadRow> reads;
  std::vector<WaitRow> waits;

  static Rows decode(const std::vector<uint64_t> &w) {
    Rows r;
    r.decodeFrom(w);
    return r;
  }

  /// Decodes `w` into this object, reusing its vectors' storage.
  void decodeFrom(const std::vector<uint64_t> &w) {
    Rows &r = *this;
    r.writes.clear();
    r.reads.clear();
    r.waits.clear();
    if (w.size() < kHeadWords)
      return;
    size_t i = kHeadWords;
    auto loc = [&] {
      Loc l;
      l.alloc = w[i++];
      l.slot = static_cast<int64_t>(w[i++]);
      l.col0 = static_cast<int64_t>(w[i++]);
      l.col1 = static_cast<int64_t>(w[i++]);
      return l;
    };
    for (uint64_t n = 0; n < w[0]; ++n) {
      WriteRow x;
      x.loc = loc();
      x.op = reinterpret_cast<const ir::Operation *>(w[i++]);
      x.actor = w[i++];
      uint64_t f = w[i++];
      x.published = f & kPublished;
      x.read = f & kWriteRead;
      r.writes.push_back(x);
    }
    for (uint64_t n = 0; n < w[1]; ++n) {
      ReadRow x;
      x.loc = loc();
      x.actor = w[i++];
      x.op = reinterpret_cast<const ir::Operation *>(w[i++]);
      uint64_t f = w[i++];
      x.consumed = f & kConsumed;
      x.oldWait = f & kOldWait;
      r.reads.push_back(x);
    }
    for (uint64_t n = 0; n < w[2]; ++n) {
      WaitRow x;
      x.pi = w[i++];
      x.key = w[i++];
      x.phase = static_cast<int64_t>(w[i++]);
      r.waits.push_back(x);
    }
  }

  void encode(std::vector<uint64_t> &w) {
    std::sort(writes.begin(), writes.end());
    std::sort(reads.begin(), reads.end());
    std::sort(waits.begin(), waits.end());
    w.clear();
    w.push_back(writes.size());
    w.push_back(reads.size());
    w.push_back(waits.size());
    auto loc = [&](const Loc &l) {
      w.push_back(l.alloc);
      w.push_back(static_cast<uint64_t>(l.slot));
      w.push_back(static_cast<uint64_t>(l.col0));
      w.push_back(static_cast<uint64_t>(l.col1));
    };
    for (const WriteRow &x : writes) {
      loc(x.loc);
      w.push_back(reinterpret_cast<uint64_t>(x.op));
      w.push_back(x.actor);
      w.push_back((x.published ? kPublished : 0) | (x.read ? kWriteRead : 0));
    }
    for (const ReadRow &x : reads) {
      loc(x.loc);
      w.push_back(x.actor);
      w.push_back(reinterpret_cast<uint64_t>(x.op));
      w.push_back((x.consumed ? kConsumed : 0) | (x.oldWait ? kOldWait : 0));
    }
    for (const WaitRow &x : waits) {
      w.push_back(x.pi);
      w.push_back(x.key);
      w.push_back(static_cast<uint64_t>(x.phase));
    }
  }

  WriteRow *write(const Loc &l) {
    auto it = std::find_if(writes.begin(), writes.end(), [&](const WriteRow &x) { return x.loc == l; });
    return it == writes.end() ? nullptr : &*it;
  }
  ReadRow &read(const Loc &l, uint64_t actor) {
    auto it = std::find_if(reads.begin(), reads.end(), [&](const ReadRow &x) { return x.loc == l && x.actor == actor; });
    if (it != reads.end())
      return *it;
    reads.push_back({l, actor, nullptr, false, false});
    return reads.back();
  }
  /// The readers of `l` other than `writer`.
  std::vector<const ReadRow *> consumers(const Loc &l, uint64_t writer) const {
    std::vector<const ReadRow *> out;
    for (const ReadRow &x : reads)
      if (x.loc == l && x.actor != writer)
        out.push_back(&x);
    return out;
  }
};

bool isMma(const ir::Operation *op) {
  dialect::OpKind k = dialect::kindOf(op);
  return k == dialect::OpKind::TcGen5Mma || k == dialect::OpKind::TcGen5MmaScaled;
}

/// "partition0", or "TMA for partition0" / "tcgen05 for default", by the
/// op's placement (a process slot is reused by the next fork).
std::string actorName(const Explorer &x, const State &s, uint64_t actor, const ir::Operation *op) {
  size_t pi = actor / kActorsPerProc;
  std::string who = op ? x.kernel().partitionName(x.kernel().placementOf(op))
                       : pi < s.procs.size() ? x.partName(s.procs[pi]) : "?";
  if (!op && actor % kActorsPerProc == kBarrierAgent)
    return "tcgen05 for " + who; // a reader through the barrier agent is an MMA
  return agentName(actor, who, op);
}

std::string irLine(const ir::Operation *op) { return op ? "IR " + std::to_string(op->line) : "?"; }

} // namespace

bool hasRingBuffers(const kernel::Kernel &k) {
  for (const kernel::Allocation &a : k.allocations)
    if (!a.isBarrier && a.slots() > 1)
      return true;
  return false;
}

bool FlowObserver::onAccess(const Explorer &x, State &s, const Access &a, const VectorClock &) {
  if (a.slot < 0 || hit)
    return false; // not a slot of a ring (or the run is over)
  Loc l{a.alloc, a.slot, a.col0, a.col1};
  thread_local Rows scratch; // one decode per access: its vectors' storage is reused
  Rows &r = scratch;
  r.decodeFrom(*s.flow);
  bool stop = false;
  if (!a.write) {
    WriteRow *w = r.write(l);
    if (!w || w->actor == a.actor)
      return false; // the slot's first contents, or the writer reading its own write
    ReadRow &rd = r.read(l, a.actor);
    if (stale_ && rd.consumed && rd.oldWait) {
      const Proc &p = s.procs[a.actor / kActorsPerProc];
      FlowHit h;
      h.kind = FlowKind::StaleRead;
      h.slot = x.slotName(a.alloc, a.slot);
      h.access = a.op;
      h.write = w->op;
      h.wait = p.lastWait;
      h.reader = actorName(x, s, a.actor, a.op);
      h.writer = actorName(x, s, w->actor, w->op);
      std::string waitText = p.lastWait && p.lastKey != ~uint64_t(0)
                                 ? "its last wait, on " + x.barName(p.lastKey) + " (" + irLine(p.lastWait) +
                                       "), passed on the completion of phase " + std::to_string(p.lastPhase - 1) +
                                       ", which " + x.partName(p) + " had already waited for"
                                 : "it passed a wait on a phase it had already waited for";
      h.reason = h.reader + " reads " + h.slot + " again while it still holds the write of " + h.writer + " (" +
                 irLine(w->op) + ") that it already read: " + waitText +
                 "; the wait's parity is not in step with the slot's fills (a ring counter that restarts, or a "
                 "phase that aliases an earlier round), so it did not wait for the next fill";
      hit = std::move(h);
      stop = true;
    }
    rd.consumed = true;
    rd.oldWait = false;
    rd.op = a.op;
    w->read = true;
  } else {
    WriteRow *w = r.write(l);
    bool accumulate = w && isMma(a.op) && w->actor == a.actor;
    if (w && accumulate && !w->read) {
      w->op = a.op; // the same accumulator, updated in place: still one write for its readers
    } else {
      if (lost_ && w && !accumulate && w->published && !w->read) {
        std::vector<const ReadRow *> cons = r.consumers(l, w->actor);
        if (!cons.empty()) {
          FlowHit h;
          h.kind = FlowKind::LostWrite;
          h.slot = x.slotName(a.alloc, a.slot);
          h.access = a.op;
          h.write = w->op;
          h.writer = actorName(x, s, w->actor, w->op);
          for (const ReadRow *c : cons)
            h.consumers.push_back(actorName(x, s, c->actor, c->op));
          std::string who;
          for (const std::string &c : h.consumers)
            who += (who.empty() ? "" : ", ") + c;
          h.reason = "the write of " + h.writer + " into " + h.slot + " (" + irLine(w->op) +
                     ") is overwritten by " + actorName(x, s, a.actor, a.op) + " (" + irLine(a.op) +
                     ") before any reader of " + h.slot + " (" + who +
                     ") read it: a consumer waited on a phase that an earlier fill had completed and read the "
                     "slot before this write landed, or skipped its round";
          hit = std::move(h);
          stop = true;
        }
      }
      WriteRow nw{l, a.op, a.actor, (a.actor % kActorsPerProc) == kBarrierAgent, false};
      if (w)
        *w = nw;
      else
        r.writes.push_back(nw);
      for (ReadRow &rd : r.reads)
        if (rd.loc == l)
          rd.consumed = false;
    }
  }
  r.encode(s.flow.mut());
  return stop;
}

void FlowObserver::onArrive(const Explorer &, State &s, size_t pi, uint64_t) {
  if (s.flow->size() < kHeadWords)
    return;
  // Released by its writer's arrive: the flag is no sort key, so the
  // encoded rows change in place (copied first only when one changes).
  auto unpublished = [&](const uint64_t *w) {
    return !(w[kWriteFlags] & kPublished) && w[kWriteActor] / kActorsPerProc == pi;
  };
  const uint64_t *r = s.flow->data() + kHeadWords;
  bool any = false;
  for (uint64_t n = 0; n < (*s.flow)[0] && !any; ++n, r += kWriteWords)
    any = unpublished(r);
  if (!any)
    return;
  std::vector<uint64_t> &f = s.flow.mut();
  uint64_t *w = f.data() + kHeadWords;
  for (uint64_t n = 0; n < f[0]; ++n, w += kWriteWords)
    if (unpublished(w))
      w[kWriteFlags] |= kPublished;
}

void FlowObserver::onWait(const Explorer &, State &s, size_t pi, uint64_t key, int64_t phase) {
  if (s.flow->size() >= kHeadWords) {
    // A row for (pi, key) already there changes in place (its phase, and
    // the reads' oldWait flags; neither is a sort key).
    std::vector<uint64_t> &f = s.flow.mut();
    size_t reads = kHeadWords + f[0] * kWriteWords, waits = reads + f[1] * kReadWords;
    for (uint64_t n = 0; n < f[2]; ++n) {
      uint64_t *w = f.data() + waits + n * kWaitWords;
      if (w[0] != pi || w[1] != key)
        continue;
      if (static_cast<int64_t>(w[2]) == phase)
        for (uint64_t r = 0; r < f[1]; ++r) {
          uint64_t *rd = f.data() + reads + r * kReadWords;
          if (rd[kReadActor] / kActorsPerProc == pi)
            rd[kReadFlags] |= kOldWait; // served by a completion it already waited for
        }
      w[2] = static_cast<uint64_t>(phase);
      return;
    }
  }
  Rows r = Rows::decode(*s.flow);
  r.waits.push_back({pi, key, phase});
  r.encode(s.flow.mut());
}

bool FlowObserver::flowChanges(const State &before, const State &after, std::vector<uint32_t> &allocs) const {
  // Rows are sorted by location (Rows::encode): a row present on one side
  // only, or different, names its allocation. Wait rows are per process and
  // barrier: the step's own barrier footprint covers them. The encoded rows
  // are merged as they are, with nothing decoded.
  auto note = [&](uint64_t alloc) { allocs.push_back(static_cast<uint32_t>(alloc)); };
  static const std::vector<uint64_t> kEmpty(kHeadWords, 0);
  const std::vector<uint64_t> &a = before.flow->size() >= kHeadWords ? *before.flow : kEmpty;
  const std::vector<uint64_t> &b = after.flow->size() >= kHeadWords ? *after.flow : kEmpty;
  const uint64_t *wa = a.data() + kHeadWords, *wb = b.data() + kHeadWords;
  diffRows(wa, a[0], wb, b[0], kWriteWords, kLocWords, note);
  diffRows(wa + a[0] * kWriteWords, a[1], wb + b[0] * kWriteWords, b[1], kReadWords, kLocWords + 1, note);
  return true;
}

bool FlowObserver::onFinish(const Explorer &x, const State &s) {
  if (!lost_ || hit || s.flow->empty())
    return false;
  Rows r = Rows::decode(*s.flow);
  for (const WriteRow &w : r.writes) {
    if (!w.published || w.read)
      continue;
    std::vector<const ReadRow *> cons = r.consumers(w.loc, w.actor);
    if (cons.empty())
      continue;
    FlowHit h;
    h.kind = FlowKind::LostWrite;
    h.slot = x.slotName(static_cast<uint32_t>(w.loc.alloc), w.loc.slot);
    h.write = w.op;
    h.writer = actorName(x, s, w.actor, w.op);
    for (const ReadRow *c : cons)
      h.consumers.push_back(actorName(x, s, c->actor, c->op));
    std::string who;
    for (const std::string &c : h.consumers)
      who += (who.empty() ? "" : ", ") + c;
    h.reason = "the last write of " + h.writer + " into " + h.slot + " (" + irLine(w.op) +
               ") is left unread when every partition has finished, though " + who + " read " + h.slot +
               " in earlier rounds: a consumer waited on a phase that an earlier fill had completed and read the "
               "slot before this write landed, or skipped its round";
    hit = std::move(h);
    return true;
  }
  return false;
}

} // namespace tscope::checks::stale
