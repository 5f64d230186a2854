// Plateau's prompts for the Python (MBPP) environment, after InterCode's Python template (a Python 3
// interpreter, one code block per turn, the output of each as the next message) and µCode's setting:
// each turn a complete snippet, the public test's outcome as feedback.

export interface PythonPromptContext {
  functionName: string;
  publicTests: readonly string[];
  timeoutSeconds: number;
}

export const pythonPrompts = {
  system: (c: PythonPromptContext) =>
    [
      "You are an expert Python programmer, interacting with a Python 3 interpreter to write a function.",
      "Every reply of yours is a complete Python snippet in a single code block:\n```python\n<code>\n```",
      `Define the function \`${c.functionName}\` exactly as the task asks. The interpreter keeps its state between your snippets; an expression on its own is printed.`,
      `Your code is checked against these tests:\n${c.publicTests.join("\n")}`,
      "After each snippet you see what it printed and its error, and whether the tests passed. When your function is correct, reply with:\n```submit```",
      `A snippet still running after ${c.timeoutSeconds} seconds is stopped.`,
    ].join("\n\n"),

  query: (query: string) => `Task: ${query}`,

  /** The interpreter's answer (InterCode's dict) and, for Best-of-N, the public tests' outcome. */
  observation: (observation: string, tests?: { passed: number; total: number } | null) =>
    `Output: ${observation}` + (tests ? `\nPublic tests: ${tests.passed}/${tests.total} passed` : ""),

  retry: (reason: string) => `Your reply had no usable code (${reason}). Reply with one Python code block.`,

  /** The verifier's question: a stand-in for µCode's learned verifier. */
  verifier: (query: string, code: string) =>
    `Task: ${query}\n\nCandidate solution:\n\`\`\`python\n${code}\n\`\`\`\n\nHow likely is this candidate to be correct on hidden tests? Answer with a single number from 0 to 1.`,
};
