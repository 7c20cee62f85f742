package sparse

import (
	"encoding/binary"
	"fmt"
)

// Matrix is a dense row-major matrix of bit patterns. Data holds
// Rows*Cols elements of DType.Size() bytes each, little-endian, with no
// padding: element (r, c) starts at byte (r*Cols + c)*DType.Size(). Data is
// therefore exactly what a kernel reads from device memory.
type Matrix struct {
	Rows, Cols int
	DType      DType
	Data       []byte
}

// NewMatrix returns a zero-filled rows x cols matrix of type d. It panics
// on an invalid type or a negative dimension (programming errors).
func NewMatrix(d DType, rows, cols int) Matrix {
	if !d.valid() || rows < 0 || cols < 0 {
		panic(fmt.Sprintf("sparse: NewMatrix(%v, %d, %d)", d, rows, cols))
	}
	return Matrix{Rows: rows, Cols: cols, DType: d, Data: make([]byte, rows*cols*d.Size())}
}

// check reports a malformed matrix (bad type, dimensions or data length).
func (m Matrix) check() error {
	if !m.DType.valid() {
		return fmt.Errorf("invalid element type %v", m.DType)
	}
	if m.Rows < 0 || m.Cols < 0 {
		return fmt.Errorf("invalid shape %dx%d", m.Rows, m.Cols)
	}
	if want := m.Rows * m.Cols * m.DType.Size(); len(m.Data) != want {
		return fmt.Errorf("%dx%d %v matrix needs %d data bytes, has %d", m.Rows, m.Cols, m.DType, want, len(m.Data))
	}
	return nil
}

// Bits returns the bit pattern of element (r, c).
func (m Matrix) Bits(r, c int) uint32 { return m.elems().get(r*m.Cols + c) }

// SetBits stores the bit pattern b (truncated to the element size) at (r, c).
func (m Matrix) SetBits(r, c int, b uint32) { m.elems().set(r*m.Cols+c, b) }

// At returns element (r, c) widened to float32.
func (m Matrix) At(r, c int) float32 { return m.DType.ToFloat32(m.Bits(r, c)) }

// Set stores v at (r, c), rounded to the matrix type (nearest even).
func (m Matrix) Set(r, c int, v float32) { m.SetBits(r, c, m.DType.FromFloat32(v)) }

// Clone returns a deep copy of m.
func (m Matrix) Clone() Matrix {
	m.Data = append([]byte(nil), m.Data...)
	return m
}

// Transpose returns a new Cols x Rows matrix t with t(c, r) = m(r, c).
func (m Matrix) Transpose() Matrix {
	t := NewMatrix(m.DType, m.Cols, m.Rows)
	src, dst := m.elems(), t.elems()
	for r := range m.Rows {
		for c := range m.Cols {
			dst.set(c*m.Rows+r, src.get(r*m.Cols+c))
		}
	}
	return t
}

// elems is a flat view of a matrix's data with the element size (1, 2 or
// 4 bytes) resolved once, used by the inner loops.
type elems struct {
	data []byte
	size int
}

func (m Matrix) elems() elems { return elems{data: m.Data, size: m.DType.Size()} }

func (e elems) get(i int) uint32 {
	switch e.size {
	case 4:
		return binary.LittleEndian.Uint32(e.data[4*i:])
	case 1:
		return uint32(e.data[i])
	}
	return uint32(binary.LittleEndian.Uint16(e.data[2*i:]))
}

// group returns the four elements of flat group i (elements 4i..4i+3).
func (e elems) group(i int) (g [GroupSize]uint32) {
	switch e.size {
	case 4:
		b := e.data[16*i : 16*i+16]
		for j := range g {
			g[j] = binary.LittleEndian.Uint32(b[4*j:])
		}
	case 1:
		b := e.data[4*i : 4*i+4]
		for j := range g {
			g[j] = uint32(b[j])
		}
	default:
		x := binary.LittleEndian.Uint64(e.data[8*i:])
		for j := range g {
			g[j] = uint32(x>>(16*j)) & 0xffff
		}
	}
	return g
}

// setGroup stores the four elements of flat group i.
func (e elems) setGroup(i int, g [GroupSize]uint32) {
	for j, v := range g {
		e.set(GroupSize*i+j, v)
	}
}

func (e elems) set(i int, b uint32) {
	switch e.size {
	case 4:
		binary.LittleEndian.PutUint32(e.data[4*i:], b)
	case 1:
		e.data[i] = byte(b)
	default:
		binary.LittleEndian.PutUint16(e.data[2*i:], uint16(b))
	}
}

// Padded returns m zero-padded to rows x cols (at least m's shape), or m
// itself when it already has that shape.
func (m Matrix) Padded(rows, cols int) Matrix {
	if rows <= m.Rows && cols <= m.Cols {
		return m
	}
	rows, cols = max(rows, m.Rows), max(cols, m.Cols)
	out := NewMatrix(m.DType, rows, cols)
	for r := range m.Rows {
		for c := range m.Cols {
			out.SetBits(r, c, m.Bits(r, c))
		}
	}
	return out
}

// Cropped returns the top-left rows x cols of m (m itself when it has
// that shape).
func (m Matrix) Cropped(rows, cols int) Matrix {
	if rows == m.Rows && cols == m.Cols {
		return m
	}
	out := NewMatrix(m.DType, rows, cols)
	for r := range rows {
		for c := range cols {
			out.SetBits(r, c, m.Bits(r, c))
		}
	}
	return out
}
