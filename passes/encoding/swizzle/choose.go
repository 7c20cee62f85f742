package swizzle

import "fmt"

// Operand kinds: the `meta` parameter of #triton_gpu.dot_op.
const (
	MetaDense    = -1 // an ordinary (dense) A or B operand
	MetaValues   = 0  // the compressed values of a 2:4 sparse A (BM x BK/2)
	MetaMetadata = 1  // the i16 metadata of a 2:4 sparse A ((BM/16) x BK)
)

const (
	vecBytes    = 16 // one ldmatrix row, one cp.async vector
	ldmatrixMat = 8  // rows (16-byte vectors) per 8x8 b16 matrix = lanes per phase
	metaBits    = 16 // metadata elements are i16
)

// CheckDotOperand reports why ForDotOperand cannot choose a layout for the
// arguments, or nil. tileShape is the operand's shared tile per CTA (dim 0,
// dim 1) and order its shared order, fastest dimension first.
//
//   - meta -1 (dense A or B) and 0 (values of a sparse A, opIdx 0): 16-bit
//     elements (f16, bf16) with the MMAv2 kWidth 32/16 = 2, or 8-bit ones
//     (e4m3, e5m2, i8; kWidth 4) K-contiguous, read by ldmatrix as b16
//     pairs; the contiguous dimension must be 16, 32 or 64 bytes or a
//     multiple of 128 bytes.
//   - meta 1 (metadata, opIdx 0, tile (BM/16) x BK, sparse.Band16 order):
//     i16, kWidth 2, order [1, 0] (K contiguous), BK any positive multiple
//     of 32 (one m16n8k32 K-slice, see MetaWordColumn).
func CheckDotOperand(opIdx, kWidth, elemBits int, tileShape [2]int, order []int, meta int) error {
	switch {
	case opIdx != 0 && opIdx != 1:
		return fmt.Errorf("opIdx = %d, want 0 or 1", opIdx)
	case meta < MetaDense || meta > MetaMetadata:
		return fmt.Errorf("meta = %d, want -1 (dense), 0 (values) or 1 (metadata)", meta)
	case meta >= MetaValues && opIdx != 0:
		return fmt.Errorf("meta = %d with opIdx = 1: only a sparse A is modelled (lower a sparse B as the transposed product)", meta)
	case !validOrder(order):
		return fmt.Errorf("order must be [1, 0] or [0, 1], got %v", order)
	case tileShape[0] < 1 || tileShape[1] < 1:
		return fmt.Errorf("tile shape %v is not positive", tileShape)
	case elemBits == 8 && meta == MetaMetadata:
		return fmt.Errorf("8-bit metadata: metadata elements are i16")
	case elemBits == 8 && opIdx == 1 && order[0] != 0:
		return fmt.Errorf("8-bit B with order %v: the m16n8k64 B fragment holds 4 consecutive K elements per register, so B must be K-contiguous (order [0, 1], a column-major B as torch._scaled_mm takes it)", order)
	case elemBits == 8 && opIdx == 0 && order[0] != 1:
		return fmt.Errorf("8-bit A with order %v: the m16n8k64 A fragment needs K-contiguous values (order [1, 0])", order)
	case elemBits != 16 && elemBits != 8:
		return fmt.Errorf("%d-bit elements: only 16-bit operands (f16, bf16, i16 metadata) and 8-bit ones (e4m3, e5m2, i8) are modelled", elemBits)
	case meta == MetaMetadata && kWidth == 4:
		return checkMetadata(tileShape, order) // band16k32: the metadata of an 8-bit A
	case kWidth != 32/elemBits:
		return fmt.Errorf("kWidth = %d, want %d (MMAv2, %d-bit)", kWidth, 32/elemBits, elemBits)
	case meta == MetaMetadata:
		return checkMetadata(tileShape, order)
	}
	return checkRowBytes(tileShape[order[0]] * elemBits / 8)
}

func checkMetadata(tileShape [2]int, order []int) error {
	if order[0] != 1 {
		return fmt.Errorf("metadata order %v: the K dimension (1) must be contiguous", order)
	}
	if tileShape[1]%32 != 0 {
		return fmt.Errorf("metadata tile has %d K columns, want a multiple of 32", tileShape[1])
	}
	return nil
}

func checkRowBytes(rowBytes int) error {
	if rowBytes%vecBytes != 0 || (rowBytes%wavefrontBytes != 0 && wavefrontBytes%rowBytes != 0) {
		return fmt.Errorf("contiguous dimension of %d bytes: want 16, 32 or 64 bytes or a multiple of 128", rowBytes)
	}
	return nil
}

// ForDotOperand chooses the shared layout of a dot operand from the loads
// the PTX lowering issues for it (see the package doc for the derivations):
//
//   - meta -1 / 0 (ldmatrix.x4, .trans or not): vec = 128/elemBits (one
//     16-byte vector), perPhase = max(1, 128 / rowBytes), maxPhase =
//     8 / perPhase, where rowBytes is the byte length of the contiguous
//     dimension tileShape[order[0]];
//   - meta 1 (metadata): vec = 8, perPhase = 1, maxPhase = 1.
//
// It returns CheckDotOperand's error for arguments it does not model.
func ForDotOperand(opIdx, kWidth int, elemBits int, tileShape [2]int, order []int, meta int) (Shared, error) {
	if err := CheckDotOperand(opIdx, kWidth, elemBits, tileShape, order, meta); err != nil {
		return Shared{}, err
	}
	if meta == MetaMetadata {
		return forMetadata(order), nil
	}
	return forLdmatrix(tileShape[order[0]]*elemBits/8, elemBits, order), nil
}

// forLdmatrix: every ldmatrix phase reads one 16-byte vector from each of 8
// consecutive stored rows. perPhase rows share one 128-byte bank window and
// differ in their row offset; maxPhase = 8/perPhase XOR phases then spread
// the 8 rows over the 8 distinct 16-byte bank groups.
func forLdmatrix(rowBytes, elemBits int, order []int) Shared {
	perPhase := max(1, wavefrontBytes/rowBytes)
	return Shared{
		Vec:      vecBytes * 8 / elemBits,
		PerPhase: perPhase,
		MaxPhase: ldmatrixMat / perPhase,
		Order:    cloneOrder(order),
	}
}

// forMetadata: every metadata load (MetaWordColumn) reads, in one phase,
// the 64 contiguous bytes of one K-slice of one band, a 64-byte aligned
// span of a row whose length is a multiple of 64 bytes: 16 banks, each word
// read by two lanes (a broadcast), so the identity is conflict-free. A
// swizzle only permutes vectors inside a row; it cannot do better and is
// not needed. vec = 8 keeps 16-byte vectors (cp.async stores) whole;
// maxPhase = 1, never the reference fork's 1/perPhase = 0 at BK = 32.
func forMetadata(order []int) Shared {
	return Shared{Vec: vecBytes * 8 / metaBits, PerPhase: 1, MaxPhase: 1, Order: cloneOrder(order)}
}
