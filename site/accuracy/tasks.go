package accuracy

// taskLabels are how pages name the tasks InferenceX and lm-evaluation-harness run.
var taskLabels = map[string]string{
	"gsm8k":         "GSM8K",
	"gpqa_diamond":  "GPQA Diamond",
	"mmlu":          "MMLU",
	"mmlu_pro":      "MMLU-Pro",
	"swebench_lite": "SWE-bench Lite",
	"aime25":        "AIME 2025",
	"math500":       "MATH-500",
}

// TaskLabel is a task's name for readers: the built-in one, else the key as written.
func TaskLabel(task string) string {
	if l, ok := taskLabels[task]; ok {
		return l
	}
	return task
}
