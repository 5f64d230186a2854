import type { PromptContext } from "./bashPrompts";

// The prompts for the SQL environment, after InterCode's SQL templates (experiments/utils/prompts.py:
// TemplateV2 for try-again and single-turn, TemplateReAct, TemplatePlanSolve; the setting is a
// "MySQL Database"): the same keys as bashPrompts. As for Bash, the reward is not shown after
// each turn (InterCode's "Reward:" line): the model decides when it is done and submits.

const FORMAT = "Your response should be one SQL command, formatted as follows:\n```sql\nYour SQL code here\n```";
const EXPLORE = "Try ```sql\nSHOW TABLES``` or ```sql\nDESCRIBE <table_name>``` to learn more about the database.";
const OUTPUT =
  "The system gives back the output of your SQL command: the result rows as a list of tuples, or the error. When your last command's output answers the question, reply with:\n```submit```";

export const sqlPrompts = {
  tryAgainSystem: (c: PromptContext) =>
    [
      "## TASK DESCRIPTION\nYou are a SQL code generator helping me answer a question using SQL. I will ask you a question, and your task is to interact with a MySQL Database system using SQL commands to come up with the answer.",
      `## RESPONSE FORMAT\n${FORMAT}\n\nDO NOT WRITE ANYTHING EXCEPT FOR CODE in your response.\n${EXPLORE}`,
      `## OUTPUT DESCRIPTION\n${OUTPUT}\nYour answer is judged on the rows of your last command before you submit.`,
      `A query still running after ${c.timeoutSeconds} seconds is stopped.`,
    ].join("\n\n"),

  singleTurnSystem: (c: PromptContext) =>
    [
      "## TASK DESCRIPTION\nYou are a SQL code generator helping me answer a question using SQL. You get one question and exactly one SQL command to answer it on a MySQL Database system.",
      `## RESPONSE FORMAT\n${FORMAT}\n\nDO NOT WRITE ANYTHING EXCEPT FOR CODE in your response.`,
      `Your answer is judged on the rows your command returns. A query still running after ${c.timeoutSeconds} seconds is stopped.`,
    ].join("\n\n"),

  reactSystem: (c: PromptContext) =>
    [
      "Interact with a MySQL Database system using SQL queries to answer a question. Use interleaving Thought, Action, Observation steps.",
      "Thought can reason about the current situation, and Action can be two types:\n(1) execute[<SQL query>], which executes the SQL query on the MySQL Database system\n(2) submit, which indicates that the previous observation is the answer",
      "Reply with one Thought and one Action, nothing else:\nThought: <reasoning>\nAction: execute[<SQL query>]",
      "Example.\nQuestion: What are the names and grades for each high schooler?\n" +
        "Thought: I should write a SQL command that selects the name and grade fields from a table about high schoolers.\n" +
        "Action: execute[SELECT name, grade FROM high_schoolers]\n" +
        "Observation: Error executing query: Table 'network_1.high_schoolers' doesn't exist\n" +
        "Thought: The high_schoolers table doesn't exist, I need to check what tables are available to use.\n" +
        "Action: execute[SHOW TABLES]\n" +
        "Observation: [('friend',), ('highschooler',), ('likes',)]\n" +
        "Thought: There is a table called `highschooler`. I should check what information this table contains.\n" +
        "Action: execute[DESC highschooler]\n" +
        "Observation: [('ID', 'int', 'NO', 'PRI', None, 'auto_increment'), ('name', 'text', 'YES', '', None, ''), ('grade', 'int', 'YES', '', None, '')]\n" +
        "Thought: The highschooler table contains the name and grade columns. I can now write a SQL command that answers the question.\n" +
        "Action: execute[SELECT name, grade FROM highschooler]\n" +
        "Observation: [('John', 12), ('Haley', 10)]\n" +
        "Thought: The output contains the name and grade for each high schooler, answering the question.\n" +
        "Action: submit",
      `A query still running after ${c.timeoutSeconds} seconds is stopped.`,
    ].join("\n\n"),

  planSystem: () =>
    [
      "For the following user question, let's first understand the problem and devise a plan to solve the problem. Then, let's carry out the plan to solve the problem step by step.",
      "Your plan should describe a sequence of SQL queries you can write to determine the answer: a numbered list (1., 2., …) of short steps, each one SQL query. The output of the last step should answer the question. Write only the plan.",
    ].join("\n\n"),

  executePlanSystem: (c: PromptContext) =>
    [
      "You will now execute your own plan. Interact with a MySQL Database system using SQL queries to answer a question. Per turn, you will be given the output of your previous query and the current step.",
      FORMAT,
      `A query still running after ${c.timeoutSeconds} seconds is stopped.`,
    ].join("\n\n"),

  query: (query: string) => `Query: "${query}".`,

  /** What the model sees after a query: InterCode's observation (the rows list, or the error). */
  observation: (text: string, _exitCode: number | null, timedOut: boolean) =>
    `MySQL Database Output: ${text === "" || text === "[]" ? "No output" : text}${timedOut ? "\n(the query was stopped: it ran too long)" : ""}`,

  reactObservation: (text: string, _exitCode: number | null, timedOut: boolean) =>
    `Observation: ${text === "" || text === "[]" ? "No output" : text}${timedOut ? "\n(the query was stopped: it ran too long)" : ""}`,

  planStep: (step: string) => `Step: ${step}`,

  /** InterCode's retry message. */
  retry: (reason: string) =>
    `No SQL code was found in your last response (${reason}).\n\n${FORMAT}\nWhen you are done, reply with \`\`\`submit\`\`\`.`,

  reactRetry: (reason: string) =>
    `Observation: your last reply could not be used (${reason}). Reply with one Thought and one Action: execute[<SQL query>] or submit.`,
};
