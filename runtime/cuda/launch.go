//go:build cuda

package cuda

/*
#include <stdlib.h>
#include <string.h>
#include <cuda.h>
*/
import "C"

import (
	"encoding/binary"
	"fmt"
	"unsafe"
)

// enqueue launches k on stream s (nil: the default stream) without
// waiting. The parameters are laid out in one C allocation (each 64-bit
// slot 8-aligned, each tensor map 64-aligned), with the pointer array the
// driver reads; cuLaunchKernel copies them, so they are freed on return.
func (k *Kernel) enqueue(s *Stream, grid [3]int, params []Param) error {
	offs, size := paramLayout(params)
	blob := C.aligned_alloc(64, C.size_t(max(size, 64)))
	argv := C.malloc(C.size_t(max(len(params), 1)) * C.size_t(unsafe.Sizeof(unsafe.Pointer(nil))))
	if blob == nil || argv == nil {
		C.free(blob)
		C.free(argv)
		return fmt.Errorf("launching %s: out of host memory for %d parameters", k.Name, len(params))
	}
	defer C.free(blob)
	defer C.free(argv)
	mem := unsafe.Slice((*byte)(blob), max(size, 64))
	ptrs := unsafe.Slice((*unsafe.Pointer)(argv), max(len(params), 1))
	for i, p := range params {
		if p.tmap != nil {
			copy(mem[offs[i]:offs[i]+128], p.tmap.raw[:])
		} else {
			binary.LittleEndian.PutUint64(mem[offs[i]:], p.word)
		}
		ptrs[i] = unsafe.Add(blob, offs[i])
	}
	var kp *unsafe.Pointer
	if len(params) > 0 {
		kp = (*unsafe.Pointer)(argv)
	}
	fn := *(*C.CUfunction)(unsafe.Pointer(&k.fn))
	r := C.cuLaunchKernel(fn, C.uint(grid[0]), C.uint(grid[1]), C.uint(grid[2]), C.uint(k.Threads), 1, 1,
		C.uint(k.SharedBytes), s.handle(), kp, nil)
	if r != C.CUDA_SUCCESS {
		return fmt.Errorf("cuLaunchKernel(%s, grid %v, %d threads, %d bytes shared): %w", k.Name, grid, k.Threads, k.SharedBytes,
			driverError("cuLaunchKernel", r))
	}
	return nil
}

// paramLayout places each parameter: 64-bit slots at 8-byte, tensor maps at
// 64-byte aligned offsets.
func paramLayout(params []Param) ([]int, int) {
	offs := make([]int, len(params))
	size := 0
	for i, p := range params {
		align, n := 8, 8
		if p.tmap != nil {
			align, n = 64, 128
		}
		size = (size + align - 1) &^ (align - 1)
		offs[i] = size
		size += n
	}
	return offs, size
}
