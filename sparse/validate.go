package sparse

import (
	"fmt"
	"math/bits"
)

// GroupError reports a group with more than two non-zeros. For OperandA,
// Line is the row and the group covers columns 4*Group..4*Group+3; for
// OperandB, Line is the column and the group covers those rows.
type GroupError struct {
	Operand  Operand
	Line     int
	Group    int
	NonZeros int
}

// Error reads, for A, "row 3, group 5 (columns 20..23): 3 non-zeros, 2:4
// allows at most 2"; for B, "column 3, group 5 (rows 20..23): …".
func (e *GroupError) Error() string {
	line, span := "row", "columns"
	if e.Operand == OperandB {
		line, span = "column", "rows"
	}
	first := e.Group * GroupSize
	return fmt.Sprintf("%s %d, group %d (%s %d..%d): %d non-zeros, 2:4 allows at most 2",
		line, e.Line, e.Group, span, first, first+GroupSize-1, e.NonZeros)
}

// Validate checks that the M x K matrix a is 2:4 sparse along K: every
// group of four consecutive elements of a row holds at most two non-zeros
// (-0 counts as zero). It returns a *GroupError for the first offending
// group in row-major order, or an error for a malformed matrix.
func Validate(a Matrix) error {
	if err := checkGroups(a, OperandA); err != nil {
		return err
	}
	return firstDenseGroup(a, OperandA)
}

// ValidateB checks that the K x N matrix b is 2:4 sparse along K (groups
// of four consecutive rows of one column). The first offending group is the
// first in column-major order (the row-major order of bᵀ).
func ValidateB(b Matrix) error {
	if err := checkGroups(b, OperandB); err != nil {
		return err
	}
	return firstDenseGroup(b.Transpose(), OperandB)
}

// firstDenseGroup scans the row groups of m (already transposed for B).
func firstDenseGroup(m Matrix, o Operand) error {
	e, sign := m.elems(), m.DType.signMask()
	groups := m.Cols / GroupSize
	for r := range m.Rows {
		for g := range groups {
			if n := bits.OnesCount8(nonZeroMask(e.group(r*groups+g), sign)); n > 2 {
				return &GroupError{Operand: o, Line: r, Group: g, NonZeros: n}
			}
		}
	}
	return nil
}
