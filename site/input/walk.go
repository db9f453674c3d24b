package input

// The load stage: every *.json below data/ becomes a Dataset, or a list of problems that say
// exactly where the author's file is wrong.
//
// Load is the whole stage: Walk lists the files in path order, ForEachBuf decodes them on all
// cores, each goroutine reading file after file into one buffer of its own (readData), and
// DecodeFile hands each file's bytes to its format (decode in rawfile.go).

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/frontier-bench/frontier/site/problem"
)

// maxFileSize is the largest data file Load reads: a bigger one is almost certainly a mistake
// (a log, a dump) and reading it would take the build's memory with it.
const maxFileSize = 256 << 20

// Load reads every *.json, *.jsonl, *.yaml and *.yml file below the root of fsys, in path order, and decodes them on all
// cores while holding only one file's bytes per core. Problems name files as prefix + path.
//
// Files and folders whose names start with "." or "_" are skipped: editors, VCS and OS leave
// hidden files around, and "_" lets an author park a file without deleting it (as Hugo does
// for its own special files). Symbolic links to files are followed; symbolic links to folders
// are not (a warning says so), which also keeps link loops from hanging the walk.
func Load(fsys fs.FS, prefix string, opt *RawOptions) ([]*Dataset, problem.Problems) {
	files, err := Walk(fsys, prefix)
	if err != nil {
		return nil, err
	}
	type result struct {
		ds *Dataset
		ps problem.Problems
	}
	res := make([]result, len(files))
	ForEachBuf(len(files), func(i int, buf []byte) []byte {
		f := files[i]
		if f.Skip {
			return buf
		}
		r := &res[i]
		r.ds, r.ps, buf = DecodeFile(fsys, f, prefix, buf, opt)
		return buf
	})
	var out []*Dataset
	var ps problem.Problems
	for i, f := range files {
		if res[i].ds != nil {
			out = append(out, res[i].ds)
		}
		ps = append(ps, f.Problems...)
		ps = append(ps, res[i].ps...)
	}
	return out, ps
}

// File is one entry of the data folder that the load stage looks at.
type File struct {
	Path     string      // slash path below the data folder
	typ      fs.FileMode // its type bits as listed
	Skip     bool        // not to be read: Problems says why (an unreadable folder, a link to a folder)
	Problems problem.Problems
}

// Walk lists the data files below the root of fsys in path order, with Load's rules.
// Its error is the one problem of a data folder that cannot be walked at all.
func Walk(fsys fs.FS, prefix string) ([]File, problem.Problems) {
	var files []File
	walkErr := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			files = append(files, File{Path: p, Skip: true, Problems: problem.Problems{{File: fileName(prefix, p), Msg: "cannot read: " + ErrText(err)}}})
			return nil
		}
		base := d.Name()
		if p != "." && (strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		switch {
		case d.IsDir():
			return nil
		case p == ChangelogFile:
			// The site's changelog (changelog.go), not results.
		case strings.HasSuffix(base, ".json"), strings.HasSuffix(base, ".jsonl"), isYAML(base):
			// A YAML file is read only when its shape is a format written as YAML; any
			// other is skipped with a warning (format.yaml, rawtree.go).
			files = append(files, File{Path: p, typ: d.Type()})
		case strings.HasSuffix(base, ".txt"):
			// A text file is data only when it is an MLPerf LoadGen summary, by its content
			// (rawmlperf.go): notes and logs beside the results stay out of the build.
			if isLoadGenFile(fsys, p, d.Type()) {
				files = append(files, File{Path: p, typ: d.Type()})
			}
		case sweepSummaryCSV(fsys, p):
			files = append(files, File{Path: p, Skip: true, Problems: problem.Problems{{File: fileName(prefix, p), Warning: true, Msg: sweepCSVSkip}}})
		case d.Type()&fs.ModeSymlink != 0:
			if fi, err := fs.Stat(fsys, p); err == nil && fi.IsDir() {
				files = append(files, File{Path: p, Skip: true, Problems: problem.Problems{{File: fileName(prefix, p), Warning: true,
					Msg: "symbolic link to a folder is not followed; its files are not loaded"}}})
			}
		}
		return nil
	})
	if walkErr != nil { // only the callback's own errors end a walk, and it returns none
		return nil, problem.Problems{{File: fileName(prefix, "."), Msg: "cannot read: " + ErrText(walkErr)}}
	}
	slices.SortStableFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return files, nil
}

// isLoadGenFile reports whether the text file at p, of type typ, is an MLPerf LoadGen summary,
// reading only its first bytes. A file that cannot be read is not one: it stays ignored, as
// every .txt file was before summaries were read.
func isLoadGenFile(fsys fs.FS, p string, typ fs.FileMode) bool {
	if typ&fs.ModeSymlink != 0 {
		fi, err := fs.Stat(fsys, p)
		if err != nil {
			return false
		}
		typ = fi.Mode().Type()
	}
	if !typ.IsRegular() { // opening a named pipe would block
		return false
	}
	f, err := fsys.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, LoadGenSniffLen)
	n, _ := io.ReadFull(f, buf)
	return IsLoadGenSummary(buf[:n])
}

// fileName is how problems name the data file at slash path p.
func fileName(prefix, p string) string {
	if p == "." {
		if prefix == "" {
			return "."
		}
		return strings.TrimSuffix(prefix, "/")
	}
	return prefix + p
}

// ForEachBuf calls fn(i, buf) for every i in [0, n) on all cores. Each goroutine has a buffer
// of its own, passed from one call to its next so that file bytes are read into the same memory.
func ForEachBuf(n int, fn func(i int, buf []byte) []byte) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			var buf []byte
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				buf = fn(i, buf)
			}
		})
	}
	wg.Wait()
}

// DecodeFile reads and decodes one file, reusing buf for its bytes, and returns the buffer for
// the next file.
func DecodeFile(fsys fs.FS, f File, prefix string, buf []byte, opt *RawOptions) (*Dataset, problem.Problems, []byte) {
	name := fileName(prefix, f.Path)
	opt = withBeside(opt, fsys)
	if ds, ps, ok := decodeTraceFile(fsys, f, prefix, opt); ok { // an AIPerf trace-replay folder (agentictrace.go)
		return ds, ps, buf
	}
	data, msg := readData(fsys, f, buf)
	if msg != "" {
		return nil, problem.Problems{{File: name, Msg: msg}}, data
	}
	ds, ps := decode(name, f.Path, data, opt)
	if ds != nil {
		ds.Path = f.Path
	}
	return ds, ps, data
}

// withBeside is a copy of opt whose readers may read the files of fsys beside the one they
// decode (RawOptions.beside), each at most maxBesideSize.
func withBeside(opt *RawOptions, fsys fs.FS) *RawOptions {
	o := RawOptions{}
	if opt != nil {
		o = *opt
	}
	o.beside = func(rel string) ([]byte, bool) {
		if !fs.ValidPath(rel) {
			return nil, false
		}
		fi, err := fs.Stat(fsys, rel)
		if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxBesideSize {
			return nil, false
		}
		b, err := fs.ReadFile(fsys, rel)
		return b, err == nil
	}
	return &o
}

// maxBesideSize is the largest file beside a result that a reader takes context from: a
// client's configuration or metadata is a few KiB.
const maxBesideSize = 1 << 20

// readData reads a data file into buf, growing it as needed. msg says why it could not.
func readData(fsys fs.FS, f File, buf []byte) (data []byte, msg string) {
	// Check the type before opening: opening a named pipe would block forever.
	typ := f.typ
	if typ&fs.ModeSymlink != 0 {
		fi, err := fs.Stat(fsys, f.Path)
		if err != nil {
			return buf, "cannot read: " + ErrText(err)
		}
		typ = fi.Mode().Type()
	}
	if !typ.IsRegular() {
		return buf, "not a regular file"
	}
	file, err := fsys.Open(f.Path)
	if err != nil {
		return buf, "cannot read: " + ErrText(err)
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return buf, "cannot read: " + ErrText(err)
	}
	if fi.Size() > maxFileSize {
		return buf, fmt.Sprintf("file is %.1f MiB, over the %d MiB limit", float64(fi.Size())/(1<<20), maxFileSize>>20)
	}
	// Read to EOF rather than trusting the size: the file may have changed since Stat.
	if want := int(fi.Size()) + 1; cap(buf) < want {
		buf = make([]byte, 0, want)
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := file.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if len(buf) > maxFileSize {
			return buf, fmt.Sprintf("file is over the %d MiB limit", maxFileSize>>20)
		}
		if err == io.EOF {
			return buf, ""
		}
		if err != nil {
			return buf, "cannot read: " + ErrText(err)
		}
	}
}

// ErrText is an error's message without the path an fs.PathError repeats: the problem names
// the file already.
func ErrText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return err.Error()
}
