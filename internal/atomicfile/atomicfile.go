// Package atomicfile writes output files all at once: the data goes to a
// temporary file in the destination's directory, which is renamed over the
// destination only when everything was written. A failed write leaves the
// destination as it was and no temporary file behind, so a tool that
// fails never leaves an empty or half-written output (mlir-opt's
// ToolOutputFile behaviour).
package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// WriteFile writes data to path atomically with permissions perm.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write calls fill with a writer on a temporary file next to path and,
// when fill and the close succeed, renames it to path. Where path exists
// and is not a regular file (/dev/null, /dev/stdout, a pipe) it is
// written in place: renaming over it would replace the device. A symbolic
// link is followed, so the file it names is replaced, not the link.
func Write(path string, perm os.FileMode, fill func(io.Writer) error) (err error) {
	if st, statErr := os.Stat(path); statErr == nil {
		switch {
		case st.IsDir():
			return fmt.Errorf("%s is a directory", path)
		case !st.Mode().IsRegular():
			return writeInPlace(path, fill)
		}
		if real, err := filepath.EvalSymlinks(path); err == nil {
			path = real
		}
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err = fill(f); err != nil {
		return err
	}
	if err = f.Chmod(perm); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// writeInPlace writes to an existing file that is not a regular file.
func writeInPlace(path string, fill func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if err := fill(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
