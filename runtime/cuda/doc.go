// Package cuda is sp-run's GPU back end over the CUDA driver API
// (gorgonia.org/cu v0.9.6, plus a few direct driver calls): a context on
// one device, PTX modules loaded by the driver's JIT with its error log
// on failure, the dynamic shared-memory limit, launches, CUDA-event
// timing and host/device copies.
//
// The package is built only with -tags cuda. Compiling needs CUDA 11.8's
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
//   - Every launch is followed by a synchronisation, so an asynchronous
//     fault (illegal address, ...) is reported by the call that caused it.
//   - Kernel parameters are passed as 64-bit slots (Param): the driver
//     reads each parameter's own size from the slot's low bytes.
//   - Errors name the driver call and its CUresult; nothing panics.
package cuda
