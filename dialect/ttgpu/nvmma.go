package ttgpu

import (
	"fmt"

	"github.com/sparsetriton/sp/ir"
)

// NVMMAShared is the wgmma view of a shared-memory tile's layout, read from
// either spelling of the NVMMA shared encoding (hopper.md §2.2, §3.5):
// Triton 3.1's `#triton_gpu.shared<{vec, perPhase, maxPhase, order,
// hasLeadingOffset = true}>` and 3.3+'s `#ttg.nvmma_shared<{swizzlingByteWidth,
// transposed, elementBitWidth}>`.
type NVMMAShared struct {
	// SwizzleBytes is the swizzle atom's row width: 128, 64 or 32 (16-byte
	// chunk c of row r stored at c ^ f(r)), or 0 for no swizzle.
	SwizzleBytes int
	// Contig is the contiguous (fastest) dimension of the rank-2 tile:
	// 1 for a row-major tile, 0 for a column-major one.
	Contig int
}

// AsNVMMAShared returns the wgmma view of enc, or false when enc is not an
// NVMMA shared encoding (a #shared without hasLeadingOffset is the sm_80
// swizzle, which wgmma descriptors cannot express).
func AsNVMMAShared(enc ir.Attribute) (NVMMAShared, bool) {
	switch x := enc.(type) {
	case SharedEncoding:
		if !x.HasLeadingOffset || len(x.Order) != 2 {
			return NVMMAShared{}, false
		}
		sw := 0
		if x.MaxPhase > 1 {
			sw = 16 * x.MaxPhase
		}
		if sw != 0 && sw != 32 && sw != 64 && sw != 128 || sw != 0 && x.PerPhase*sw != 128 {
			return NVMMAShared{}, false
		}
		return NVMMAShared{SwizzleBytes: sw, Contig: x.Order[0]}, true
	case NVMMASharedEncoding:
		c := 1
		if x.Transposed {
			c = 0
		}
		return NVMMAShared{SwizzleBytes: x.SwizzlingByteWidth, Contig: c}, true
	}
	return NVMMAShared{}, false
}

// NVMMASwizzleBytes is Triton's choice of swizzle for a wgmma operand tile
// whose contiguous dimension spans contigBytes: the largest of 128, 64, 32
// that divides it (hopper.md §2.2). It fails for tiles narrower than 32 bytes.
func NVMMASwizzleBytes(contigBytes int) (int, error) {
	for _, sw := range []int{128, 64, 32} {
		if contigBytes >= sw && contigBytes%sw == 0 {
			return sw, nil
		}
	}
	return 0, fmt.Errorf("a wgmma operand tile needs a contiguous extent that is a multiple of 32 bytes, got %d bytes", contigBytes)
}

// NewNVMMAShared is the canonical (3.1) spelling of the NVMMA shared layout
// with the given swizzle for elements of elemBits bits, contiguous along
// dimension contig of a rank-2 tile: vec = 16 bytes of elements, perPhase
// = 128/SW, maxPhase = SW/16, hasLeadingOffset = true.
func NewNVMMAShared(swizzleBytes, elemBits, contig int) SharedEncoding {
	return SharedEncoding{Vec: 128 / elemBits, PerPhase: 128 / swizzleBytes, MaxPhase: swizzleBytes / 16,
		Order: []int{contig, 1 - contig}, HasLeadingOffset: true}
}

// MMAv3InstrN is Triton's instruction N for an MMA v3 layout on an
// M x N result tile with numWarps warps (mmaVersionToInstrShape): the
// largest multiple of 8 up to 256 that divides N and is at most the N a
// warp column covers.
func MMAv3InstrN(m, n int64, numWarps int) int {
	mWarps := max(m/16, 1)
	nWarps := max(int64(numWarps)/mWarps, 1)
	maxN := max(n/nWarps, 8)
	for cand := int64(256); cand >= 8; cand -= 8 {
		if n%cand == 0 && cand <= maxN {
			return int(cand)
		}
	}
	return 0
}

// WarpsPerTileV3 is Triton's warpsPerTileV3: warps come in warpgroups of
// four along M (one m64 wgmma row block each); groups are added along M
// while the tile has 16-row blocks left for them, else along N.
func WarpsPerTileV3(m int64, instrN, numWarps int) []int {
	ret := []int{4, 1}
	for ret[0]*ret[1] < numWarps {
		if m > int64(16*ret[0]) {
			ret[0] *= 2
		} else {
			ret[1] *= 2
		}
	}
	return ret
}

// verifyMMAv3 checks the Hopper fields of an nvidia_mma layout: instrShape
// [16, N, K] with N a multiple of 8 in 8..256 and K the k of one wgmma (8,
// 16, 32 or 64, by element width and sparsity), and rank-2 warps grouped
// in warpgroups (warpsPerCTA[0] a multiple of 4).
func verifyMMAv3(a NvidiaMmaEncoding) error {
	s := a.InstrShape
	if len(s) != 3 || s[0] != 16 || s[1] < 8 || s[1] > 256 || s[1]%8 != 0 {
		return fmt.Errorf("nvidia_mma versionMajor 3 needs instrShape [16, N, K] with N a multiple of 8 from 8 to 256, got %s", intsString(s))
	}
	switch s[2] {
	case 8, 16, 32, 64:
	default:
		return fmt.Errorf("nvidia_mma versionMajor 3: instrShape K must be 8, 16, 32 or 64, got %d", s[2])
	}
	if len(a.WarpsPerCTA) == 2 && a.WarpsPerCTA[0]%4 != 0 {
		return fmt.Errorf("nvidia_mma versionMajor 3: warpsPerCTA %s must group warps in warpgroups of 4 along M", intsString(a.WarpsPerCTA))
	}
	return nil
}
