package sparse

import "fmt"

// GroupSize is the number of consecutive elements along the compressed
// dimension that form one 2:4 group; at most two of them are non-zero.
const GroupSize = 4

// DensePerMeta is the number of dense elements along K described by one
// int16 metadata element (four groups of four).
const DensePerMeta = 16

// magnitude returns the bit pattern without its sign bit. For IEEE-style
// formats, unsigned order of magnitudes is the order of |x|, with NaN above
// Inf; 0 means ±0. For two's-complement i8 (sign == int8Sign) it is |x|
// (128 for -128).
func magnitude(b, sign uint32) uint32 {
	if sign == int8Sign {
		x := int32(int8(b))
		return uint32(max(x, -x))
	}
	return b &^ sign
}

// int8Sign is the signMask of I8: not a bit mask but the marker that
// magnitude takes the two's-complement absolute value.
const int8Sign = 0xffff_ffff

// nonZeroMask returns bit i set iff element i of the group is non-zero
// (-0 counts as zero).
func nonZeroMask(g [GroupSize]uint32, sign uint32) uint8 {
	var mask int
	for i, b := range g {
		mask |= b2i(magnitude(b, sign) != 0) << i
	}
	return uint8(mask)
}

// positions maps a non-zero mask with at most two bits set to the two
// distinct increasing positions the metadata names (ptx.md §5.2). With
// exactly two non-zeros they are the non-zeros. With fewer, the choice is
// PyTorch's (sparse_semi_structured_from_dense_cutlass): none, or only 2 or 3
// non-zero → (2,3); only 1 → (1,2); only 0 → (0,2). Masks with three or
// more bits have ok == false.
var positions = func() (t [16]struct {
	idx0, idx1 uint8
	ok         bool
}) {
	pad := map[uint8][2]uint8{0b0000: {2, 3}, 0b0001: {0, 2}, 0b0010: {1, 2}, 0b0100: {2, 3}, 0b1000: {2, 3}}
	for m := range uint8(16) {
		var idx []uint8
		for i := range uint8(GroupSize) {
			if m&(1<<i) != 0 {
				idx = append(idx, i)
			}
		}
		switch {
		case len(idx) == 2:
			t[m].idx0, t[m].idx1, t[m].ok = idx[0], idx[1], true
		case len(idx) < 2:
			p := pad[m]
			t[m].idx0, t[m].idx1, t[m].ok = p[0], p[1], true
		}
	}
	return t
}()

// nibble packs two positions as the 4-bit metadata group idx0 | idx1<<2.
func nibble(idx0, idx1 uint8) uint16 { return uint16(idx0) | uint16(idx1)<<2 }

// unpackNibble returns the two positions of a metadata group and an error
// unless they are distinct and increasing (required by
// mma.sp::ordered_metadata; equal positions are undefined behaviour).
func unpackNibble(n uint16) (idx0, idx1 int, err error) {
	idx0, idx1 = int(n&3), int(n>>2&3)
	if idx0 >= idx1 {
		return idx0, idx1, fmt.Errorf("metadata nibble 0b%04b names positions %d and %d; want two increasing positions", n, idx0, idx1)
	}
	return idx0, idx1, nil
}
