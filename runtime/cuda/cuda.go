//go:build cuda

package cuda

/*
#cgo LDFLAGS: -lcuda
#include <cuda.h>

static CUresult spSetMaxDynamicShared(CUfunction fn, int bytes) {
	return cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
}

static CUresult spSharedOptin(CUdevice dev, int *out) {
	return cuDeviceGetAttribute(out, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, dev);
}

static const char *spErrorName(CUresult r) {
	const char *s = 0;
	if (cuGetErrorName(r, &s) != CUDA_SUCCESS || s == 0) return "unknown CUresult";
	return s;
}
*/
import "C"

import (
	"bytes"
	"fmt"
	"math"
	"runtime"
	"unsafe"

	"gorgonia.org/cu"
)

// Device is a CUDA context on one GPU.
type Device struct {
	Name         string
	SM           int // compute capability x10 (80, 90)
	SMs          int // multiprocessors
	SharedOptin  int // largest dynamic shared memory a block may opt in to
	Driver       int // the driver's CUDA version (cuDriverGetVersion: 13000 for 13.0)
	dev          cu.Device
	ctx          cu.CUContext
	buffers      map[*Buffer]bool
	kernelModule []cu.Module
}

// Open creates a context on device ordinal and makes it current on the
// calling goroutine's OS thread (which it locks).
func Open(ordinal int) (*Device, error) {
	runtime.LockOSThread()
	n, err := cu.NumDevices()
	if err != nil {
		return nil, fmt.Errorf("cuDeviceGetCount: %v", err)
	}
	if ordinal < 0 || ordinal >= n {
		return nil, fmt.Errorf("CUDA device %d does not exist (%d devices)", ordinal, n)
	}
	dev, err := cu.GetDevice(ordinal)
	if err != nil {
		return nil, fmt.Errorf("cuDeviceGet(%d): %v", ordinal, err)
	}
	d := &Device{dev: dev, buffers: map[*Buffer]bool{}}
	if d.Name, err = dev.Name(); err != nil {
		return nil, fmt.Errorf("cuDeviceGetName: %v", err)
	}
	major, err1 := dev.Attribute(cu.ComputeCapabilityMajor)
	minor, err2 := dev.Attribute(cu.ComputeCapabilityMinor)
	sms, err3 := dev.Attribute(cu.MultiprocessorCount)
	for _, e := range []error{err1, err2, err3} {
		if e != nil {
			return nil, fmt.Errorf("cuDeviceGetAttribute: %v", e)
		}
	}
	d.SM, d.SMs = 10*major+minor, sms
	d.Driver = cu.Version()
	var optin C.int
	if r := C.spSharedOptin(C.CUdevice(dev), &optin); r != C.CUDA_SUCCESS {
		return nil, driverError("cuDeviceGetAttribute(MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)", r)
	}
	d.SharedOptin = int(optin)
	if d.ctx, err = dev.MakeContext(cu.SchedAuto); err != nil {
		return nil, fmt.Errorf("cuCtxCreate: %v", err)
	}
	return d, nil
}

func driverError(call string, r C.CUresult) error {
	return fmt.Errorf("%s failed: %s (%d)", call, C.GoString(C.spErrorName(r)), int(r))
}

// String describes the device.
func (d *Device) String() string {
	return fmt.Sprintf("%s (sm_%d, %d SMs)", d.Name, d.SM, d.SMs)
}

// FreeAll frees every buffer allocated so far.
func (d *Device) FreeAll() error {
	var first error
	for b := range d.buffers {
		if err := d.Free(b); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Close frees every buffer and module and destroys the context.
func (d *Device) Close() error {
	d.FreeAll()
	for _, m := range d.kernelModule {
		m.Unload()
	}
	d.kernelModule = nil
	err := d.ctx.Destroy()
	runtime.UnlockOSThread()
	return err
}

// Buffer is a device allocation.
type Buffer struct {
	ptr  cu.DevicePtr
	size int64
}

// Size is the allocation's size in bytes.
func (b *Buffer) Size() int64 { return b.size }

// Alloc allocates len(data) bytes (at least 1) and copies data there.
func (d *Device) Alloc(data []byte) (*Buffer, error) {
	size := max(int64(len(data)), 1)
	p, err := cu.MemAlloc(size)
	if err != nil {
		return nil, fmt.Errorf("cuMemAlloc(%d bytes): %v", size, err)
	}
	b := &Buffer{ptr: p, size: size}
	d.buffers[b] = true
	if len(data) > 0 {
		if err := cu.MemcpyHtoD(p, unsafe.Pointer(&data[0]), int64(len(data))); err != nil {
			return nil, fmt.Errorf("cuMemcpyHtoD(%d bytes): %v", len(data), err)
		}
	}
	return b, nil
}

// Read copies the buffer's first len(dst) bytes to dst.
func (d *Device) Read(b *Buffer, dst []byte) error {
	if int64(len(dst)) > b.size {
		return fmt.Errorf("reading %d bytes from a %d-byte buffer", len(dst), b.size)
	}
	if len(dst) == 0 {
		return nil
	}
	if err := cu.MemcpyDtoH(unsafe.Pointer(&dst[0]), b.ptr, int64(len(dst))); err != nil {
		return fmt.Errorf("cuMemcpyDtoH(%d bytes): %v", len(dst), err)
	}
	return nil
}

// Free releases the buffer.
func (d *Device) Free(b *Buffer) error {
	if !d.buffers[b] {
		return nil
	}
	delete(d.buffers, b)
	if err := cu.MemFree(b.ptr); err != nil {
		return fmt.Errorf("cuMemFree: %v", err)
	}
	return nil
}

// Kernel is a loaded .entry with its launch configuration.
type Kernel struct {
	Name        string
	Threads     int
	SharedBytes int
	fn          cu.Function
}

// JITError is a PTX module the driver rejected; Log is the JIT error log.
type JITError struct {
	Err error
	Log string
}

func (e *JITError) Error() string {
	return fmt.Sprintf("the CUDA driver rejected the PTX (%v); JIT error log:\n%s", e.Err, e.Log)
}

// LoadPTX JIT-compiles ptx, finds the entry name and prepares it to launch
// with threads per block and sharedBytes of dynamic shared memory (opting
// in above the 48 KiB default when the device allows it).
func (d *Device) LoadPTX(ptx, name string, threads, sharedBytes int) (*Kernel, error) {
	errLog := &cu.JITErrorLogBuffer{Buffer: make([]byte, 1<<16)}
	infoLog := &cu.JITInfoLogBuffer{Buffer: make([]byte, 1<<16)}
	mod, err := cu.LoadDataEx(ptx, errLog, infoLog, &cu.JITLogVerbose{Enabled: true})
	if err != nil {
		log := cString(errLog.Buffer)
		if log == "" {
			log = "(empty)"
		}
		return nil, &JITError{Err: err, Log: log}
	}
	d.kernelModule = append(d.kernelModule, mod)
	fn, err := mod.Function(name)
	if err != nil {
		return nil, fmt.Errorf("cuModuleGetFunction(%q): %v (the PTX has no such .entry)", name, err)
	}
	if threads < 1 || threads > 1024 {
		return nil, fmt.Errorf("kernel %s: %d threads per block is not in 1..1024", name, threads)
	}
	if sharedBytes > d.SharedOptin {
		return nil, fmt.Errorf("kernel %s needs %d bytes of dynamic shared memory; %s allows at most %d per block", name, sharedBytes, d.Name, d.SharedOptin)
	}
	if sharedBytes > 48<<10 {
		h := *(*C.CUfunction)(unsafe.Pointer(&fn))
		if r := C.spSetMaxDynamicShared(h, C.int(sharedBytes)); r != C.CUDA_SUCCESS {
			return nil, driverError("cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)", r)
		}
	}
	return &Kernel{Name: name, Threads: threads, SharedBytes: sharedBytes, fn: fn}, nil
}

func cString(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(bytes.TrimSpace(b))
}

// Param is one kernel parameter: a scalar or pointer in a 64-bit slot, or
// a 128-byte tensor map (TensorMapParam).
type Param struct {
	word uint64
	tmap *TensorMap
}

// PtrParam passes a buffer's device address.
func PtrParam(b *Buffer) Param { return Param{word: uint64(b.ptr)} }

// IntParam passes an integer of any width up to 64 bits.
func IntParam(v int64) Param { return Param{word: uint64(v)} }

// F32Param passes an f32.
func F32Param(v float32) Param { return Param{word: uint64(math.Float32bits(v))} }

// F64Param passes an f64.
func F64Param(v float64) Param { return Param{word: math.Float64bits(v)} }

// launch enqueues one launch on the default stream.
func (k *Kernel) launch(grid [3]int, params []Param) error {
	return k.enqueue(nil, grid, params)
}

// Launch runs the kernel once and waits for it.
func (d *Device) Launch(k *Kernel, grid [3]int, params []Param) error {
	if err := k.launch(grid, params); err != nil {
		return err
	}
	if err := cu.Synchronize(); err != nil {
		return fmt.Errorf("kernel %s failed: %v", k.Name, err)
	}
	return nil
}

// Time runs warmup launches, then iters launches, each between two CUDA
// events, and returns each launch's time in seconds.
func (d *Device) Time(k *Kernel, grid [3]int, params []Param, warmup, iters int) ([]float64, error) {
	for range warmup {
		if err := k.launch(grid, params); err != nil {
			return nil, err
		}
	}
	if err := cu.Synchronize(); err != nil {
		return nil, fmt.Errorf("kernel %s failed during warm-up: %v", k.Name, err)
	}
	start, err := cu.MakeEvent(cu.DefaultEvent)
	if err != nil {
		return nil, fmt.Errorf("cuEventCreate: %v", err)
	}
	defer cu.DestroyEvent(&start)
	stop, err := cu.MakeEvent(cu.DefaultEvent)
	if err != nil {
		return nil, fmt.Errorf("cuEventCreate: %v", err)
	}
	defer cu.DestroyEvent(&stop)
	out := make([]float64, iters)
	for i := range out {
		if err := start.Record(cu.NoStream); err != nil {
			return nil, fmt.Errorf("cuEventRecord: %v", err)
		}
		if err := k.launch(grid, params); err != nil {
			return nil, err
		}
		if err := stop.Record(cu.NoStream); err != nil {
			return nil, fmt.Errorf("cuEventRecord: %v", err)
		}
		if err := stop.Synchronize(); err != nil {
			return nil, fmt.Errorf("kernel %s failed: %v", k.Name, err)
		}
		ms, err := start.Elapsed(stop)
		if err != nil {
			return nil, fmt.Errorf("cuEventElapsedTime: %v", err)
		}
		out[i] = ms / 1e3
	}
	return out, nil
}
