package cpu

import (
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// Memory is the interpreter's global memory: a list of named byte buffers.
// Pointers into it are Ptr values; buffer 0 is reserved for the null
// pointer, so dereferencing a zero Ptr is an error. Kernels running in
// parallel may write disjoint bytes of one buffer; atomics take a lock.
type Memory struct {
	bufs   [][]byte
	names  []string
	atomic sync.Mutex
}

// NewMemory returns an empty memory.
func NewMemory() *Memory { return &Memory{bufs: [][]byte{nil}, names: []string{"null"}} }

// Alloc adds a buffer holding data (not copied: the kernel writes into it)
// and returns a pointer to its first byte.
func (m *Memory) Alloc(name string, data []byte) Ptr {
	m.bufs = append(m.bufs, data)
	m.names = append(m.names, name)
	return Ptr{Buf: int32(len(m.bufs) - 1)}
}

// Bytes returns the buffer that p points into.
func (m *Memory) Bytes(p Ptr) []byte {
	if p.Buf <= 0 || int(p.Buf) >= len(m.bufs) {
		return nil
	}
	return m.bufs[p.Buf]
}

// span returns the size bytes at p, or an error naming the buffer.
func (m *Memory) span(p Ptr, size int64) ([]byte, error) {
	if p.Buf <= 0 || int(p.Buf) >= len(m.bufs) {
		return nil, fmt.Errorf("access through a null or invalid pointer (byte offset %d)", p.Off)
	}
	b := m.bufs[p.Buf]
	if p.Off < 0 || p.Off+size > int64(len(b)) {
		return nil, fmt.Errorf("out-of-bounds access to buffer %q: bytes [%d, %d) of %d", m.names[p.Buf], p.Off, p.Off+size, len(b))
	}
	return b[p.Off : p.Off+size], nil
}

// elemSize returns the storage size in bytes of a scalar element type.
func elemSize(t ir.Type) (int64, error) {
	w := tt.BitWidth(t)
	switch {
	case w == 1:
		return 1, nil
	case w == 8 || w == 16 || w == 32 || w == 64:
		return int64(w / 8), nil
	}
	return 0, fmt.Errorf("no memory representation for element type %s", ir.TypeString(t))
}

// loadElem reads one element of type ei at p into dst[i].
func (m *Memory) loadElem(p Ptr, ei elemInfo, size int64, dst *Value, i int) error {
	b, err := m.span(p, size)
	if err != nil {
		return err
	}
	u := readUint(b)
	switch ei.kind {
	case kindFloat:
		dst.F[i] = floatFromBits(u, ei.float)
	case kindInt:
		if ei.width == 1 {
			dst.I[i] = -int64(u & 1)
		} else {
			dst.I[i] = sext(int64(u), ei.width)
		}
	default:
		return fmt.Errorf("loading pointers from memory is not supported")
	}
	return nil
}

// storeElem writes src[i] of type ei at p.
func (m *Memory) storeElem(p Ptr, ei elemInfo, size int64, src *Value, i int) error {
	b, err := m.span(p, size)
	if err != nil {
		return err
	}
	var u uint64
	switch ei.kind {
	case kindFloat:
		u = floatBits(src.F[i], ei.float)
	case kindInt:
		u = uint64(src.I[i])
		if ei.width == 1 {
			u &= 1
		}
	default:
		return fmt.Errorf("storing pointers to memory is not supported")
	}
	writeUint(b, u)
	return nil
}

func readUint(b []byte) uint64 {
	switch len(b) {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

func writeUint(b []byte, u uint64) {
	switch len(b) {
	case 1:
		b[0] = byte(u)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(u))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(u))
	default:
		binary.LittleEndian.PutUint64(b, u)
	}
}
