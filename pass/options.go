package pass

import (
	"flag"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// Option struct fields are declared with tags:
//
//	type Options struct {
//		MaxIterations int      `opt:"max-iterations" help:"rewrite sweeps before giving up"`
//		Disabled      []string `opt:"disable-patterns" help:"pattern names not to apply"`
//	}
//
// Supported field types: bool, int, int64, uint, float64, string, []string,
// []int, []int64. Fields without an `opt` tag are ignored. Lists are written
// comma-separated (`k=1,2,3`); bools accept true|false|1|0 and a bare key
// means true (ir-syntax.md §7.1).

// optField is one tagged field of an options struct.
type optField struct {
	name, help string
	index      int
}

func optionFields(t reflect.Type) ([]optField, error) {
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return nil, fmt.Errorf("options must be a pointer to a struct, got %s", t)
	}
	st := t.Elem()
	var out []optField
	seen := map[string]bool{}
	for i := 0; i < st.NumField(); i++ {
		f := st.Field(i)
		name, ok := f.Tag.Lookup("opt")
		if !ok {
			continue
		}
		if !f.IsExported() {
			return nil, fmt.Errorf("option field %s must be exported", f.Name)
		}
		if !validOptionName(name) {
			return nil, fmt.Errorf("option field %s: bad option name %q", f.Name, name)
		}
		if seen[name] {
			return nil, fmt.Errorf("option %q declared twice", name)
		}
		seen[name] = true
		if !supportedKind(f.Type) {
			return nil, fmt.Errorf("option %q: unsupported type %s", name, f.Type)
		}
		out = append(out, optField{name: name, help: f.Tag.Get("help"), index: i})
	}
	return out, nil
}

func validOptionName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func supportedKind(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int64, reflect.Uint, reflect.Float64, reflect.String:
		return true
	case reflect.Slice:
		switch t.Elem().Kind() {
		case reflect.String, reflect.Int, reflect.Int64:
			return true
		}
	}
	return false
}

// NewOptions returns a fresh copy of the pass's default options (nil when
// the pass has none). The pass's own Options value is never modified.
func NewOptions(p *Pass) any { return cloneOptions(p.Options) }

func cloneOptions(tmpl any) any {
	if tmpl == nil {
		return nil
	}
	v := reflect.ValueOf(tmpl)
	c := reflect.New(v.Elem().Type())
	c.Elem().Set(v.Elem())
	for i := 0; i < c.Elem().NumField(); i++ { // lists must not share backing arrays
		if f := c.Elem().Field(i); f.Kind() == reflect.Slice && !f.IsNil() && f.CanSet() {
			n := reflect.MakeSlice(f.Type(), f.Len(), f.Len())
			reflect.Copy(n, f)
			f.Set(n)
		}
	}
	return c.Interface()
}

// BindFlags defines one flag per tagged field of opts (a pointer to an
// options struct) on fs; setting the flag writes the field.
func BindFlags(fs *flag.FlagSet, opts any) error {
	if opts == nil {
		return nil
	}
	fields, err := optionFields(reflect.TypeOf(opts))
	if err != nil {
		return err
	}
	sv := reflect.ValueOf(opts).Elem()
	for _, f := range fields {
		fs.Var(&fieldValue{v: sv.Field(f.index)}, f.name, f.help)
	}
	return nil
}

// fieldValue adapts one struct field to flag.Value.
type fieldValue struct{ v reflect.Value }

func (f *fieldValue) IsBoolFlag() bool { return f.v.Kind() == reflect.Bool }

func (f *fieldValue) String() string {
	if !f.v.IsValid() {
		return ""
	}
	return formatValue(f.v)
}

func (f *fieldValue) Set(s string) error {
	v, err := parseValue(f.v.Type(), s)
	if err != nil {
		return err
	}
	if !readsBack(formatValue(v), v) {
		// The option syntax has no escapes: a value mixing both quote
		// kinds with unbalanced braces (after list splitting) cannot be
		// printed so that it reads back, so it is refused here rather
		// than printed wrongly later.
		return fmt.Errorf("value %q has no spelling that reads back (it mixes both quote kinds with unbalanced braces)", s)
	}
	f.v.Set(v)
	return nil
}

func parseValue(t reflect.Type, s string) (reflect.Value, error) {
	out := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.Bool:
		switch s {
		case "true", "1":
			out.SetBool(true)
		case "false", "0":
		default:
			return out, fmt.Errorf("expected true, false, 1 or 0, got %q", s)
		}
	case reflect.Int, reflect.Int64:
		n, err := strconv.ParseInt(s, 0, 64)
		if err != nil {
			return out, fmt.Errorf("expected an integer, got %q", s)
		}
		out.SetInt(n)
	case reflect.Uint:
		n, err := strconv.ParseUint(s, 0, 64)
		if err != nil {
			return out, fmt.Errorf("expected a non-negative integer, got %q", s)
		}
		out.SetUint(n)
	case reflect.Float64:
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return out, fmt.Errorf("expected a number, got %q", s)
		}
		out.SetFloat(x)
	case reflect.String:
		out.SetString(s)
	case reflect.Slice:
		if s == "" {
			return reflect.MakeSlice(t, 0, 0), nil
		}
		parts := splitList(s)
		out = reflect.MakeSlice(t, len(parts), len(parts))
		for i, part := range parts {
			e, err := parseValue(t.Elem(), part)
			if err != nil {
				return out, fmt.Errorf("list element %d: %v", i+1, err)
			}
			out.Index(i).Set(e)
		}
	}
	return out, nil
}

// splitList splits at commas not nested in {}, () or [] and not quoted.
func splitList(s string) []string {
	var parts []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case (c == '"' || c == '\'') && depth == 0: // quotes are literal inside braces
			quote = c
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
		case c == ',' && depth == 0:
			parts = append(parts, unquote(strings.TrimSpace(s[start:i])))
			start = i + 1
		}
	}
	return append(parts, unquote(strings.TrimSpace(s[start:])))
}

func formatValue(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.Int, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'g', -1, 64)
	case reflect.String:
		return spellString(v.String(), false)
	case reflect.Slice:
		parts := make([]string, v.Len())
		for i := range parts {
			if e := v.Index(i); e.Kind() == reflect.String {
				parts[i] = spellString(e.String(), true)
			} else {
				parts[i] = formatValue(e)
			}
		}
		return formatList(v, parts)
	}
	return ""
}

// formatList spells a list so that option parsing, which strips one level
// of quotes or braces from a whole value before splitting it at commas,
// gives the same elements back: `a,b` as is, but a list of one element
// spelled `{}` or `{a,b}` needs one more level (else it reads back as an
// empty list or as two elements). The first candidate that reads back
// wins; a list with no faithful spelling is written plainly.
func formatList(v reflect.Value, parts []string) string {
	list := strings.Join(parts, ",")
	cands := []string{list, "{" + list + "}", "'" + list + "'", `"` + list + `"`}
	if v.Len() == 1 && v.Index(0).Kind() == reflect.String {
		e := v.Index(0).String()
		cands = append(cands, e, "'"+e+"'", `"`+e+`"`, "{"+e+"}")
	}
	for _, c := range cands {
		if readsBack(c, v) {
			return c
		}
	}
	return list
}

// readsBack reports whether the option value text reads back as v.
func readsBack(text string, v reflect.Value) bool {
	if end, err := scanValue(text, 0); err != nil || end != len(text) {
		return false
	}
	got, err := parseValue(v.Type(), unquote(text))
	if err != nil {
		return false
	}
	if v.Kind() == reflect.Float64 || v.Kind() == reflect.Float32 {
		a, b := got.Float(), v.Float()
		return a == b || (a != a && b != b) // NaN reads back as NaN
	}
	if v.Kind() != reflect.Slice {
		return reflect.DeepEqual(got.Interface(), v.Interface())
	}
	if got.Len() != v.Len() {
		return false
	}
	for i := 0; i < v.Len(); i++ {
		if !reflect.DeepEqual(got.Index(i).Interface(), v.Index(i).Interface()) {
			return false
		}
	}
	return true
}

// spellString spells s so that option parsing gives s back, as a whole
// value or (inList) as one element of a list: bare when that reads back,
// else in braces (inside which quotes are literal), else in whichever
// quote it does not contain. A string with unbalanced braces and both
// quote kinds may have no faithful spelling (as in MLIR); it is written
// in braces.
func spellString(s string, inList bool) string {
	if s == "" {
		return "{}"
	}
	cands := []string{"{" + s + "}", "'" + s + "'", `"` + s + `"`}
	if strings.ContainsAny(s, "()") {
		// Braces do not hide an unbalanced parenthesis from the pipeline
		// parser; quotes do.
		cands = []string{"'" + s + "'", `"` + s + `"`, "{" + s + "}"}
	}
	if !strings.ContainsAny(s, "(){}[]<>,='\" \t\n\r") {
		// Bare only when nothing in s is structure to the option or
		// pipeline syntax around it (a bare ')' closes a pass's
		// nested pipeline).
		cands = append([]string{s}, cands...)
	}
	for _, c := range cands {
		if end, err := scanValue(c, 0); err != nil || end != len(c) {
			continue
		}
		if inList {
			if listElement(c, s) {
				return c
			}
		} else if unquote(c) == s {
			return c
		}
	}
	// s as written: a value the option parser read from bare text with
	// quoted pieces inside (x'{'y"}") comes back from that same text.
	if end, err := scanValue(s, 0); err == nil && end == len(s) && unquote(s) == s && !inList {
		return s
	}
	if inList {
		if end, err := scanValue(s, 0); err == nil && end == len(s) && listElement(s, s) {
			return s
		}
	}
	return "{" + s + "}"
}

// listElement reports whether spelling c reads back as the element s
// whatever its neighbours: alone and twice over, the splitter leaves
// c's nesting closed at its end.
func listElement(c, s string) bool {
	one, two := splitList(c), splitList(c+","+c)
	return len(one) == 1 && one[0] == s && len(two) == 2 && two[0] == s && two[1] == s
}

func bracesBalance(s string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			if depth--; depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// OptionInfo describes one option for help text and documentation.
type OptionInfo struct {
	Name, Help, Type, Default string
}

// Describe lists the options of p in declaration order.
func Describe(p *Pass) []OptionInfo { return describeOptions(p.Options) }

func describeOptions(tmpl any) []OptionInfo {
	if tmpl == nil {
		return nil
	}
	fields, err := optionFields(reflect.TypeOf(tmpl))
	if err != nil {
		return nil
	}
	sv := reflect.ValueOf(tmpl).Elem()
	out := make([]OptionInfo, len(fields))
	for i, f := range fields {
		fv := sv.Field(f.index)
		out[i] = OptionInfo{Name: f.name, Help: f.help, Type: typeName(fv.Type()), Default: formatValue(fv)}
	}
	return out
}

func typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Slice:
		return "list<" + typeName(t.Elem()) + ">"
	case reflect.Float64:
		return "number"
	case reflect.Uint:
		return "uint"
	case reflect.Int64:
		return "int"
	}
	return t.Kind().String()
}

// FormatOptions renders opts as MLIR option text `k=v k2=v2`, every option
// included, in declaration order (the form --dump-pass-pipeline prints).
func FormatOptions(opts any) string {
	if opts == nil {
		return ""
	}
	fields, err := optionFields(reflect.TypeOf(opts))
	if err != nil {
		return ""
	}
	sv := reflect.ValueOf(opts).Elem()
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = f.name + "=" + formatValue(sv.Field(f.index))
	}
	return strings.Join(parts, " ")
}

// OptionError is a bad option in an option string; Offset is the byte
// offset of the offending key or value within that string.
type OptionError struct {
	Offset int
	Msg    string
}

func (e *OptionError) Error() string { return e.Msg }

// optToken is one `key` or `key=value` item of an option string.
type optToken struct {
	key, value       string
	hasValue         bool
	keyOff, valueOff int
}

// tokenizeOptions splits `k1=v1 k2='a b' k3={x y} flag` into items.
func tokenizeOptions(s string) ([]optToken, error) {
	var toks []optToken
	i := 0
	for {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			return toks, nil
		}
		t := optToken{keyOff: i}
		for i < len(s) && !isSpace(s[i]) && s[i] != '=' {
			i++
		}
		t.key = s[t.keyOff:i]
		if t.key == "" {
			return nil, &OptionError{Offset: i, Msg: "expected an option name before '='"}
		}
		if i < len(s) && s[i] == '=' {
			i++
			t.hasValue, t.valueOff = true, i
			end, err := scanValue(s, i)
			if err != nil {
				return nil, err
			}
			t.value = unquote(s[i:end])
			i = end
		}
		toks = append(toks, t)
	}
}

// scanValue returns the end of the option value starting at i: up to the
// next space outside quotes and braces.
func scanValue(s string, i int) (int, error) {
	depth := 0
	start := i
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case (c == '"' || c == '\'') && depth == 0: // quotes are literal inside braces
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return 0, &OptionError{Offset: i, Msg: "unterminated quoted option value"}
			}
			i += j + 1
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth < 0 {
				return 0, &OptionError{Offset: i, Msg: "unbalanced '}' in option value"}
			}
		case isSpace(c) && depth == 0:
			return i, nil
		}
	}
	if depth != 0 {
		return 0, &OptionError{Offset: start, Msg: "unbalanced '{' in option value"}
	}
	return i, nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// unquote strips one level of quotes or braces when they enclose the whole
// value (`{a b}`, `'a b'`; not `{a},{b}`).
func unquote(s string) string {
	if len(s) < 2 {
		return s
	}
	switch f, l := s[0], s[len(s)-1]; {
	case (f == '"' || f == '\'') && l == f && strings.IndexByte(s[1:], f) == len(s)-2:
		return s[1 : len(s)-1]
	case f == '{' && l == '}' && bracesBalance(s[1:len(s)-1]):
		return s[1 : len(s)-1]
	}
	return s
}

// ParseOptions applies an MLIR option string (`k=v k2=v2 boolkey`) to opts,
// a pointer to an options struct of the pass (or pipeline) named owner,
// through a flag.FlagSet bound to it. Errors are *OptionError with the
// offset of the offending item.
func ParseOptions(owner string, opts any, text string) error {
	toks, err := tokenizeOptions(text)
	if err != nil {
		return err
	}
	if len(toks) == 0 {
		return nil
	}
	if opts == nil {
		return &OptionError{Offset: toks[0].keyOff, Msg: fmt.Sprintf("'%s' has no options", owner)}
	}
	fs := flag.NewFlagSet(owner, flag.ContinueOnError)
	if err := BindFlags(fs, opts); err != nil {
		return err
	}
	for _, t := range toks {
		if err := applyOption(owner, fs, t); err != nil {
			return err
		}
	}
	return nil
}

func applyOption(owner string, fs *flag.FlagSet, t optToken) error {
	f := fs.Lookup(t.key)
	if f == nil {
		return &OptionError{Offset: t.keyOff, Msg: fmt.Sprintf("no such option '%s' for '%s'%s", t.key, owner, knownOptions(fs))}
	}
	val := t.value
	if !t.hasValue {
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !bf.IsBoolFlag() {
			return &OptionError{Offset: t.keyOff, Msg: fmt.Sprintf("option '%s' of '%s' needs a value (%s=...)", t.key, owner, t.key)}
		}
		val = "true"
	}
	if err := fs.Set(t.key, val); err != nil {
		off := t.valueOff
		if !t.hasValue {
			off = t.keyOff
		}
		return &OptionError{Offset: off, Msg: fmt.Sprintf("invalid value for option '%s' of '%s': %v", t.key, owner, err)}
	}
	return nil
}

func knownOptions(fs *flag.FlagSet) string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if len(names) == 0 {
		return " (it has none)"
	}
	sort.Strings(names)
	return " (known: " + strings.Join(names, ", ") + ")"
}
