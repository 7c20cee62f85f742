// Package axisinfo is the axis-info analysis of integer and pointer values
// (scalars and tensors) in a tt.func, after Triton's AxisInfo: for each
// dimension d of a value,
//
//   - Contiguity[d]: the length of the runs of consecutive values (x, x+1,
//     ...; for pointers, consecutive elements) along d that the tensor is
//     made of; 1 when nothing is known;
//   - Divisibility[d]: the largest power of two known to divide the first
//     value of every such run (bytes for pointers, elements for integers);
//   - Constancy[d]: the length of the runs of equal values along d.
//
// Scalars are described as rank-1 values of extent 1. The analysis is a
// forward dataflow over the function; values carried by scf.for are the
// join (gcd of every field) of their initial value and what the body yields,
// iterated to a fixed point; the results of an scf.if with both branches
// are the join of what the branches yield. Unknown values (loads, block arguments of other
// regions, ops without a rule) get 1 everywhere, which is always sound.
//
// # Invariants
//
//   - Every field is a power of two ≥ 1 (joins and rules use gcd, products
//     are capped at MaxDivisibility), so results are conservative.
//   - Contiguity and Constancy never exceed the dimension's extent.
//   - The analysis never modifies the IR and keeps no package state.
package axisinfo
