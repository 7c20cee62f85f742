package filecheck

import "strings"

// Matching driver: FileCheck::checkInput, FileCheckString::Check,
// CheckDag, CheckNot, CheckNext and CheckSame.

const npos = -1

// checkInput partitions the input at CHECK-LABEL matches and checks each
// region; it returns true when every check passed.
func (m *matcher) checkInput() bool {
	checks := m.prog.checks
	failed := false
	i, j, e := 0, 0, len(checks)
	buf := 0
	for {
		regionEnd := len(m.in.text)
		if j < e {
			cs := checks[j]
			if cs.pat.typ.kind != kindLabel {
				j++
				continue
			}
			pos, n := m.checkString(cs, buf, len(m.in.text), true)
			if pos == npos {
				return false
			}
			regionEnd = pos + n
			j++
		}
		if i != 0 && m.req.EnableVarScope {
			m.prog.ctx.clearLocals()
		}
		region := buf
		for ; i != j; i++ {
			pos, n := m.checkString(checks[i], region, regionEnd, false)
			if pos == npos {
				failed = true
				i = j
				break
			}
			region = pos + n
		}
		buf = regionEnd
		if j == e {
			break
		}
	}
	return !failed
}

// checkString mirrors FileCheckString::Check on the range [a, b). It
// returns the absolute position and length of the match, or npos.
func (m *matcher) checkString(cs *checkString, a, b int, labelScan bool) (int, int) {
	last := a
	var nots []*pattern
	if !labelScan {
		if last = m.checkDag(cs, a, b, &nots); last == npos {
			return npos, 0
		}
	}
	lastEnd, first := last, 0
	p := cs.pat
	for i := 1; i <= p.typ.count; i++ {
		r, err := m.match(p, lastEnd, b)
		if r == nil || err != nil {
			if r == nil {
				m.reportNoMatch(true, cs.prefix, p, i, lastEnd, b, err)
			} else {
				m.reportFoundWithErrors(cs.prefix, p, r, i, err)
			}
			m.fails = append(m.fails, failure{cs, lastEnd})
			return npos, 0
		}
		m.reportFound(cs.prefix, p, r, i)
		if i == 1 {
			first = r.pos
		}
		lastEnd = r.end
	}
	if !labelScan && m.checkPlacement(cs, last, first, lastEnd, nots) {
		return npos, 0
	}
	return first, lastEnd - first
}

// checkPlacement runs the NEXT/SAME/NOT checks on the skipped region
// [last, first) and reports true on failure.
func (m *matcher) checkPlacement(cs *checkString, last, first, end int, nots []*pattern) bool {
	if m.checkNext(cs, last, first, end) || m.checkSame(cs, last, first, end) {
		m.fails = append(m.fails, failure{cs, last})
		return true
	}
	return m.checkNot(cs, last, first, nots)
}

func (m *matcher) reportMatchErrors(err error) {
	if errs, ok := err.(matchErrors); ok {
		for _, d := range errs {
			m.printDiag(d)
		}
	}
}

// countNewlines mirrors CountNumNewlinesBetween; it also returns the
// offset just after the first newline.
func countNewlines(s string, base int) (int, int) {
	n, first := 0, -1
	for i := 0; i < len(s); i++ {
		if s[i] != '\n' && s[i] != '\r' {
			continue
		}
		n++
		if i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r') && s[i] != s[i+1] {
			i++
		}
		if n == 1 {
			first = base + i + 1
		}
	}
	return n, first
}

func (m *matcher) checkNext(cs *checkString, last, first, end int) bool {
	k := cs.pat.typ.kind
	if k != kindNext && k != kindEmpty {
		return false
	}
	name := cs.prefix + "-NEXT"
	if k == kindEmpty {
		name = cs.prefix + "-EMPTY"
	}
	n, nl := countNewlines(m.in.text[last:first], last)
	if n == 1 {
		return false
	}
	msg := ": is not on the line after the previous match"
	if n == 0 {
		msg = ": is on the same line as previous match"
	}
	m.errorAt(cs.pat.src, cs.loc, name+msg)
	m.in.print(m.w, first, kindNote, "'next' match was here")
	m.in.print(m.w, last, kindNote, "previous match ended here")
	if n > 1 {
		m.in.print(m.w, nl, kindNote, "non-matching line after previous match is here")
	}
	m.notes = append(m.notes, annotation{cs.pat, first, end, '!', "error: match on wrong line"})
	return true
}

func (m *matcher) checkSame(cs *checkString, last, first, end int) bool {
	if cs.pat.typ.kind != kindSame {
		return false
	}
	if n, _ := countNewlines(m.in.text[last:first], last); n == 0 {
		return false
	}
	m.errorAt(cs.pat.src, cs.loc, cs.prefix+"-SAME: is not on the same line as the previous match")
	m.in.print(m.w, first, kindNote, "'next' match was here")
	m.in.print(m.w, last, kindNote, "previous match ended here")
	m.notes = append(m.notes, annotation{cs.pat, first, end, '!', "error: match on wrong line"})
	return true
}

// checkNot mirrors FileCheckString::CheckNot on [a, b): every pattern is
// tried and each match is reported.
func (m *matcher) checkNot(cs *checkString, a, b int, nots []*pattern) bool {
	failed := false
	for _, p := range nots {
		r, err := m.match(p, a, b)
		switch {
		case r != nil && err == nil:
			m.reportExcluded(cs.prefix, p, r)
			failed = true
		case r != nil:
			m.reportExcluded(cs.prefix, p, r)
			m.reportMatchErrors(err)
			failed = true
		case m.reportNoMatch(false, cs.prefix, p, 1, a, b, err):
			failed = true
		}
	}
	return failed
}

// checkDag mirrors FileCheckString::CheckDag on [a, b). NOT patterns
// after the last DAG group are returned in nots.
func (m *matcher) checkDag(cs *checkString, a, b int, nots *[]*pattern) int {
	if len(cs.dagNot) == 0 {
		return a
	}
	start := a
	var ranges []span // sorted, non-overlapping DAG matches of the current group
	for k, p := range cs.dagNot {
		if p.typ.kind == kindNot {
			*nots = append(*nots, p)
			continue
		}
		r, ok := m.matchDag(cs, p, start, b, &ranges)
		if !ok {
			return npos
		}
		_ = r
		if k+1 == len(cs.dagNot) || cs.dagNot[k+1].typ.kind == kindNot {
			if len(*nots) > 0 {
				if m.checkNot(cs, start, ranges[0].start, *nots) {
					return npos
				}
				*nots = (*nots)[:0]
			}
			start = ranges[len(ranges)-1].end
			ranges = ranges[:0]
		}
	}
	return start
}

// matchDag finds a match of p that does not overlap earlier matches of
// its group and inserts it into ranges.
func (m *matcher) matchDag(cs *checkString, p *pattern, start, b int, ranges *[]span) (span, bool) {
	pos := start
	mi := 0
	for {
		r, err := m.match(p, pos, b)
		if r == nil || err != nil {
			if r == nil {
				m.reportNoMatch(true, cs.prefix, p, 1, pos, b, err)
			} else {
				m.reportFoundWithErrors(cs.prefix, p, r, 1, err)
			}
			m.fails = append(m.fails, failure{cs, pos})
			return span{}, false
		}
		mr := span{r.pos, r.end}
		if m.req.AllowDeprecatedDagOverlap {
			// One range spanning the group's matches is enough here.
			if len(*ranges) == 0 {
				*ranges = append(*ranges, mr)
			} else {
				(*ranges)[0] = span{min((*ranges)[0].start, mr.start), max((*ranges)[0].end, mr.end)}
			}
			m.reportFound(cs.prefix, p, r, 1)
			return mr, true
		}
		overlap := false
		for ; mi < len(*ranges); mi++ {
			if mr.start < (*ranges)[mi].end {
				overlap = (*ranges)[mi].start < mr.end
				break
			}
		}
		if !overlap {
			*ranges = append((*ranges)[:mi], append([]span{mr}, (*ranges)[mi:]...)...)
			m.reportFound(cs.prefix, p, r, 1)
			return mr, true
		}
		pos = (*ranges)[mi].end
	}
}

var _ = strings.Count
