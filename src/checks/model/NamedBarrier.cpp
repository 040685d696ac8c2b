// NamedBarrier: arrivals, release and the generation count (PTX ISA 9.7.13.1).
#include "checks/model/NamedBarrier.h"

namespace tscope::checks::model {

bool arriveNamed(Named &nb, int64_t threads, int64_t count, bool wait, VectorClock *vc, size_t actor) {
  nb.arrived += threads;
  bool released = nb.arrived >= count;
  if (vc) {
    nb.acc.join(*vc);
    vc->tick(actor);
  }
  if (!released)
    return false;
  nb.arrived = 0;
  ++nb.generation;
  if (vc) {
    nb.released = nb.acc;
    nb.acc.clear();
    if (wait)
      vc->join(nb.released);
  }
  return true;
}

} // namespace tscope::checks::model
