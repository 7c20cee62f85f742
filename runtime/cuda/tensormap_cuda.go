//go:build cuda

package cuda

// cuTensorMapEncodeTiled (driver API, CUDA 12.0) is absent from CUDA 11.8's
// cuda.h and link stub, which gorgonia.org/cu v0.9.6 builds against: the
// prototype and the 64-byte-aligned 128-byte CUtensorMap are declared here,
// and the symbol is resolved at run time from the driver library that is
// already loaded (libcuda.so.1). cuGetProcAddress is not used: its CUDA 12
// ABI (cuGetProcAddress_v2) differs from the 11.8 declaration.

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdint.h>
#include <string.h>
#include <cuda.h>

typedef struct { _Alignas(64) unsigned long long opaque[16]; } spTensorMap;

typedef CUresult (*spEncodeTiledFn)(spTensorMap *tensorMap, int dataType, cuuint32_t rank, void *globalAddress,
	const cuuint64_t *globalDim, const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
	const cuuint32_t *elementStrides, int interleave, int swizzle, int l2Promotion, int oobFill);

static spEncodeTiledFn spEncodeTiled;

// spResolveEncodeTiled finds cuTensorMapEncodeTiled in libcuda.so.1; 0 if
// the driver predates CUDA 12.
static int spResolveEncodeTiled(void) {
	if (spEncodeTiled) return 1;
	void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
	if (!lib) lib = dlopen("libcuda.so.1", RTLD_NOW);
	if (!lib) return 0;
	spEncodeTiled = (spEncodeTiledFn)dlsym(lib, "cuTensorMapEncodeTiled");
	return spEncodeTiled != 0;
}

static CUresult spEncode2D(void *out, int dtype, unsigned long long addr, unsigned long long cols,
		unsigned long long rows, unsigned long long rowStride, unsigned boxCols, unsigned boxRows,
		int swizzle, int l2, int oob) {
	spTensorMap m;
	cuuint64_t dims[2] = {cols, rows};
	cuuint64_t strides[1] = {rowStride};
	cuuint32_t box[2] = {boxCols, boxRows};
	cuuint32_t elem[2] = {1, 1};
	memset(&m, 0, sizeof m);
	CUresult r = spEncodeTiled(&m, dtype, 2, (void *)(uintptr_t)addr, dims, strides, box, elem,
		0, swizzle, l2, oob);
	memcpy(out, &m, sizeof m);
	return r;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"
)

// NewTensorMap2D encodes a tiled 2-D tensor map (TMA descriptor) after
// checking it with TiledMap2D.Validate. Tensor maps need compute capability
// 9.0 and a CUDA 12 driver.
func (d *Device) NewTensorMap2D(desc TiledMap2D) (*TensorMap, error) {
	if err := desc.Validate(); err != nil {
		return nil, err
	}
	if d.SM < 90 {
		return nil, fmt.Errorf("tensor maps need compute capability 9.0; %s is sm_%d", d.Name, d.SM)
	}
	if C.spResolveEncodeTiled() == 0 {
		return nil, errors.New("cuTensorMapEncodeTiled is not in libcuda.so.1: the driver predates CUDA 12")
	}
	m := &TensorMap{Desc: desc}
	r := C.spEncode2D(unsafe.Pointer(&m.raw[0]), C.int(desc.DType), C.ulonglong(desc.Address),
		C.ulonglong(desc.Cols), C.ulonglong(desc.Rows), C.ulonglong(desc.RowStride),
		C.uint(desc.BoxCols), C.uint(desc.BoxRows), C.int(desc.Swizzle), C.int(desc.L2), C.int(desc.OOB))
	if r != C.CUDA_SUCCESS {
		return nil, fmt.Errorf("%w (%s %dx%d, row stride %d, box %dx%d, swizzle %v)", driverError("cuTensorMapEncodeTiled", r),
			desc.DType, desc.Rows, desc.Cols, desc.RowStride, desc.BoxRows, desc.BoxCols, desc.Swizzle)
	}
	return m, nil
}

// Address is the device address of a buffer, for TiledMap2D.Address.
func (b *Buffer) Address() uint64 { return uint64(b.ptr) }

// TensorMapParam passes a tensor map by value: the kernel declares it as
// `.param .align 64 .b8 name[128]` and hands the parameter's address to
// cp.async.bulk.tensor.
func TensorMapParam(m *TensorMap) Param { return Param{tmap: m} }
