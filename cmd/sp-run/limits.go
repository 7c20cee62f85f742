package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// Pre-flight size checks: before sp-run allocates a host tensor, a device
// buffer or lets the CPU interpreter create a tensor, the bytes they need
// are computed without overflow and compared with a limit (--max-memory),
// so that a large or mistyped shape is one error line, not an
// out-of-memory crash.

// fallbackMemLimit is the default limit where the machine's memory is
// unknown.
const fallbackMemLimit = 16 << 30

// defaultMemLimit is three quarters of the machine's memory (MemTotal of
// /proc/meminfo), or fallbackMemLimit.
func defaultMemLimit() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return fallbackMemLimit
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			if err != nil || kb <= 0 || kb > math.MaxInt64/1024 {
				break
			}
			return kb * 1024 / 4 * 3
		}
	}
	return fallbackMemLimit
}

// parseSize reads a byte count: an integer with an optional K, M, G or T
// suffix (powers of 1024, an optional trailing B or iB).
func parseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	shift := 0
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'K':
			shift = 10
		case 'M':
			shift = 20
		case 'G':
			shift = 30
		case 'T':
			shift = 40
		}
		if shift > 0 {
			t = t[:n-1]
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(t), 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64>>shift {
		return 0, fmt.Errorf("--max-memory %q: want a positive byte count such as 8G, 512M or 1000000", s)
	}
	return n << shift, nil
}

// tensorBytes is the byte size of a tensor of the given shape, or false
// when it does not fit in an int64.
func tensorBytes(shape []int, elemSize int) (int64, bool) {
	n := int64(elemSize)
	for _, d := range shape {
		if d < 0 {
			return 0, false
		}
		if d != 0 && n > math.MaxInt64/int64(d) {
			return 0, false
		}
		n *= int64(d)
	}
	return n, true
}

// formatBytes writes n with a binary unit.
func formatBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// budget accumulates the bytes a launch needs against a limit.
type budget struct {
	limit, used int64
}

// add charges n bytes for what; the error names the total and the limit.
func (b *budget) add(what string, n int64) error {
	if n < 0 || n > b.limit-b.used {
		return fmt.Errorf("%s needs %s, which brings the launch's buffers over the memory limit of %s (--max-memory)", what, formatBytes(n), formatBytes(b.limit))
	}
	b.used += n
	return nil
}

// interpValueBytes is the most bytes the CPU interpreter keeps per tensor
// element (a pointer: a buffer index and an offset).
const interpValueBytes = 16

// checkInterpreterTensors fails when a tensor type in module would make
// the CPU interpreter allocate more than limit bytes (per program, times
// the programs that run at once).
func checkInterpreterTensors(module *ir.Operation, workers int, limit int64) error {
	var worst ir.Type
	var worstBytes int64
	var err error
	module.WalkOps(func(op *ir.Operation) {
		check := func(t ir.Type) {
			s, ok := tt.ShapeOf(t)
			if !ok || err != nil {
				return
			}
			shape := make([]int, len(s))
			for i, d := range s {
				if d < 0 || d > math.MaxInt32 {
					err = fmt.Errorf("the CPU interpreter cannot hold %s", ir.TypeString(t))
					return
				}
				shape[i] = int(d)
			}
			n, ok := tensorBytes(shape, interpValueBytes)
			if !ok {
				n = math.MaxInt64
			}
			if n > worstBytes {
				worst, worstBytes = t, n
			}
		}
		for _, r := range op.Results() {
			check(r.Type())
		}
		for _, rg := range op.Regions {
			for _, b := range rg.Blocks {
				for _, a := range b.Args() {
					check(a.Type())
				}
			}
		}
	})
	if err != nil {
		return err
	}
	if worst == nil {
		return nil
	}
	total := worstBytes
	if w := int64(max(workers, 1)); total > math.MaxInt64/w {
		total = math.MaxInt64
	} else {
		total *= w
	}
	if total > limit {
		return fmt.Errorf("the CPU interpreter would need %s for a %s value in each of %d programs running at once, over the memory limit of %s (--max-memory; --workers runs fewer at once)",
			formatBytes(worstBytes), ir.TypeString(worst), max(workers, 1), formatBytes(limit))
	}
	return nil
}
