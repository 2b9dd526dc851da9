//===- Paths.cpp - interleaved execution of divergent paths ---------------===//
//
// Implements Paths.h. Each path of a `run` gets a host thread (POSIX, with
// a stack as large as the main thread's usual one, so a path recurses as
// deep as the interpreter may); the turn is a pointer guarded by one
// mutex, and a thread runs only while the pointer names its path.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/Paths.h"
#include "Uop/Sim/Interpreter.h"

#include <algorithm>
#include <pthread.h>

using namespace mlir;
using namespace mlir::uop::sim;

/// The stack of a path's host thread.
static constexpr size_t kPathStackBytes = size_t(16) << 20;

PathScheduler::~PathScheduler() = default;

namespace {
struct ThreadStart {
  PathScheduler *scheduler;
  void *path;
  void (*main)(PathScheduler *, void *);
};

void *threadEntry(void *arg) {
  auto *start = static_cast<ThreadStart *>(arg);
  start->main(start->scheduler, start->path);
  return nullptr;
}
} // namespace

LogicalResult
PathScheduler::run(Operation *op,
                   ArrayRef<std::function<LogicalResult()>> bodies) {
  // The first `run` of a block makes the calling execution a path too.
  std::unique_ptr<Path> root;
  Path *cur = running;
  if (!cur) {
    root = std::make_unique<Path>();
    root->started = true;
    cur = root.get();
    running = cur;
    paths.push_back(cur);
  }

  PathContext context = I.saveContext();
  std::vector<Path *> children;
  for (const auto &body : bodies) {
    auto p = std::make_unique<Path>();
    p->body = body;
    p->parent = cur;
    p->context = context;
    children.push_back(p.get());
    paths.push_back(p.get());
    owned.push_back(std::move(p));
  }

  // Start the host threads; each waits for its turn. A thread that cannot
  // be started leaves its path failed without running.
  std::vector<ThreadStart> starts(children.size());
  std::vector<pthread_t> threads(children.size());
  std::vector<uint8_t> startedThread(children.size(), 0);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kPathStackBytes);
  for (size_t i = 0; i < children.size(); ++i) {
    Path *p = children[i];
    starts[i] = {this, p, [](PathScheduler *s, void *path) {
                   s->threadMain(static_cast<Path *>(path));
                 }};
    if (pthread_create(&threads[i], &attr, threadEntry, &starts[i]) == 0) {
      startedThread[i] = 1;
      ++cur->liveChildren;
    } else {
      p->done = p->failed = true;
      aborted = true;
    }
  }
  pthread_attr_destroy(&attr);

  // Reconverge: wait until every child has finished.
  cur->joining = true;
  cur->ready = [cur] { return cur->liveChildren == 0; };
  if (cur->liveChildren)
    stop(cur);
  // The join is picked only once its children are done; should the
  // deadlock fallback ever pick it early, unwind the children rather than
  // join threads that wait for a turn.
  while (cur->liveChildren) {
    aborted = true;
    stop(cur);
  }
  cur->ready = nullptr;
  cur->joining = false;

  bool ok = true;
  for (size_t i = 0; i < children.size(); ++i) {
    if (startedThread[i])
      pthread_join(threads[i], nullptr);
    ok = ok && !children[i]->failed;
  }
  bool unstarted = llvm::is_contained(startedThread, 0);
  paths.erase(std::remove_if(paths.begin(), paths.end(),
                             [&](Path *p) {
                               return llvm::is_contained(children, p);
                             }),
              paths.end());
  owned.erase(std::remove_if(owned.begin(), owned.end(),
                             [&](const std::unique_ptr<Path> &p) {
                               return llvm::is_contained(children, p.get());
                             }),
              owned.end());
  if (root) {
    paths.clear();
    running = nullptr;
    aborted = false;
  }
  if (unstarted)
    return I.unsupported(op, "could not start a host thread for a branch "
                             "that waits on an mbarrier (uop-sim runs each "
                             "such branch on a thread of its own)");
  return success(ok);
}

void PathScheduler::threadMain(Path *p) {
  {
    std::unique_lock<std::mutex> lock(mutex);
    turn.wait(lock, [&] { return running == p; });
  }
  I.restoreContext(p->context);
  p->started = true;
  LogicalResult result = aborted ? failure() : p->body();
  std::unique_lock<std::mutex> lock(mutex);
  p->done = true;
  p->failed = failed(result);
  if (p->failed)
    aborted = true;
  --p->parent->liveChildren;
  handTo(pickNext(p));
}

void PathScheduler::setPreemptSeed(uint64_t seed) {
  if (seed == 0) {
    preemptState = 0;
    return;
  }
  // Seeds that differ in a bit or two start far apart (splitmix64's
  // finalizer; xorshift alone is linear: seed 3's sequence would be seed
  // 1's xor seed 2's). Never 0, which xorshift keeps.
  uint64_t z = seed + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  preemptState = (z ^ (z >> 31)) | 1;
}

bool PathScheduler::preemptNow() {
  if (!preemptState)
    return false;
  preemptState ^= preemptState << 13;
  preemptState ^= preemptState >> 7;
  preemptState ^= preemptState << 17;
  return preemptState & 1;
}

WaitOutcome PathScheduler::waitUntil(std::function<bool()> ready) {
  if (ready() && (!running || !preemptNow()))
    return WaitOutcome::Ready;
  if (!running)
    return WaitOutcome::Deadlock;
  // Not yet satisfied, or preempted: the other paths run until this one
  // is picked again (at once where none can run; pickNext re-evaluates
  // the condition then).
  Path *cur = running;
  cur->ready = std::move(ready);
  WaitOutcome outcome = stop(cur);
  cur->ready = nullptr;
  return outcome;
}

WaitOutcome PathScheduler::stop(Path *cur) {
  cur->context = I.saveContext();
  {
    std::unique_lock<std::mutex> lock(mutex);
    Path *next = pickNext(cur);
    if (next != cur) {
      handTo(next);
      turn.wait(lock, [&] { return running == cur; });
    }
  }
  I.restoreContext(cur->context);
  return cur->outcome;
}

void PathScheduler::handTo(Path *next) {
  running = next;
  turn.notify_all();
}

bool PathScheduler::readyIn(Path *p) {
  // A condition reads the state of its own path's block (its mbarriers,
  // its loads in flight), which in a cluster is not the running one's.
  PathContext here = I.saveContext();
  I.restoreContext(p->context);
  bool ready = p->ready();
  I.restoreContext(here);
  return ready;
}

PathScheduler::Path *PathScheduler::pickNext(Path *cur) {
  size_t n = paths.size();
  size_t at = size_t(std::find(paths.begin(), paths.end(), cur) -
                     paths.begin());
  // Round the paths once, starting after `cur` and ending with it.
  for (size_t k = 1; k <= n; ++k) {
    Path *p = paths[(at + k) % n];
    if (p->done)
      continue;
    if (!p->started)
      return p; // starts (or, after a failure, finishes at once)
    if (p->joining) {
      if (readyIn(p)) {
        p->outcome = WaitOutcome::Ready;
        return p;
      }
      continue;
    }
    if (aborted) {
      p->outcome = WaitOutcome::Aborted;
      return p;
    }
    if (readyIn(p)) {
      p->outcome = WaitOutcome::Ready;
      return p;
    }
  }
  // No path can make progress: the waiting path that stopped last (else
  // the first waiting one) is deadlocked. Some path waits for an mbarrier:
  // a path joining its children has an unfinished child, which either
  // waits itself or joins children of its own.
  Path *victim = nullptr;
  if (!cur->done && !cur->joining)
    victim = cur;
  for (size_t k = 1; k <= n && !victim; ++k) {
    Path *p = paths[(at + k) % n];
    if (!p->done && !p->joining)
      victim = p;
  }
  if (!victim) // unreachable by the argument above; never hang
    victim = cur->done ? cur->parent : cur;
  victim->outcome = aborted ? WaitOutcome::Aborted : WaitOutcome::Deadlock;
  return victim;
}
