// Package cuda is sp-run's GPU back end over the CUDA driver API
// (gorgonia.org/cu v0.9.6, plus a few direct driver calls): a context on
// one device, PTX modules loaded by the driver's JIT with its error log
// on failure, the dynamic shared-memory limit, launches, CUDA-event
// timing and host/device copies; streams, stream capture into CUDA graphs
// and graph-mode timing (graph.go); 2-D TMA tensor maps made with
// cuTensorMapEncodeTiled and passed by value as kernel parameters
// (tensormap.go describes and checks a map, tensormap_cuda.go encodes it).
//
// The driver-facing code is built only with -tags cuda; the tensor-map
// description and its checks are plain Go, tested by `go test ./...`.
// Compiling with the tag needs CUDA 11.8's
// cuda.h and a libcuda.so to link against (the stub is enough):
// scripts/fetch-cuda.sh fetches both and prints CGO_CFLAGS/CGO_LDFLAGS.
// Running needs the NVIDIA driver: gorgonia.org/cu initialises it in its
// package init and exits the process if that fails, so a -tags cuda
// binary starts only on a machine with a working driver.
//
// # Invariants
//
//   - A Device is bound to the OS thread of the goroutine that opened it
//     (Open calls runtime.LockOSThread); use it from that goroutine only.
//   - Launch and Time synchronise after their launches, so an asynchronous
//     fault (illegal address, ...) is reported by the call that caused it;
//     Enqueue and Graph.Launch do not, and such a fault surfaces at the
//     next Stream.Synchronize (TimeGraph synchronises before returning).
//   - Kernel parameters are passed as 64-bit slots (Param): the driver
//     reads each parameter's own size from the slot's low bytes. A tensor
//     map is a 128-byte parameter at a 64-byte-aligned offset, declared in
//     PTX as `.param .align 64 .b8 name[128]`.
//   - cuTensorMapEncodeTiled, absent from CUDA 11.8's cuda.h and stub, is
//     resolved from libcuda.so.1 at its first use; a driver without it
//     (before CUDA 12) is an error, not a crash.
//   - Stream capture is thread-local and happens on the Device's locked
//     OS thread; a failed capture is ended and discarded, leaving the
//     stream usable.
//   - Errors name the driver call and its CUresult; nothing panics.
package cuda
