// Why a replayed observation differs from the logged one, from the two texts and the action alone
// (so any environment's observations are read alike). The first rule that fits names the cause;
// the rules run from the most specific (the engine stopped the action) to the most general.

export const CAUSES = {
  timeout: "timeout: one side ran out of time (10 s), the other did not",
  malformed: 'malformed: one side could not build the command (InterCode\'s "Malformed command")',
  clock: "time or machine dependent: the command reads the clock, the load, disks, processes, logs or the host",
  contents:
    "file contents: the same output with other hashes (the file systems are rebuilt from InterCode's description, not its images)",
  numbers: "numbers only: the same text with other numbers (sizes, times, counts, ids)",
  ordering: "ordering: the same lines in another order",
  whitespace: "whitespace: the same text but for spaces and line ends",
  missingFile: 'missing file: "No such file or directory" on one side only',
  permission: 'permission: "Permission denied" or "Operation not permitted" on one side only',
  missingCommand: 'image differs: "command not found" on one side only (a program the image lacks or adds)',
  missingTable:
    "missing table: a table or database InterCode's server had and the dump has not (it was never reset: tables agents made stayed for later episodes): \"Table … doesn't exist\" on one side only, another missing table named first, or a listing of tables or databases with more rows there",
  catalog:
    "server catalog: the action reads the server's own catalog (information_schema, VERSION(), SHOW … STATUS/VARIABLES): MariaDB's columns, sizes and creation times",
  groupBy:
    "ONLY_FULL_GROUP_BY: MySQL 8 refused a column outside GROUP BY; MariaDB runs it (its version of the rule would refuse golds MySQL 8 runs)",
  sqlServer:
    "server differs: both refused the query, in other words (MariaDB 10.11 against MySQL 8: words MySQL 8 reserves such as RANK, which unknown name is reported first, where the parser stopped)",
  wording:
    "program version: the same program's message, worded differently (the image's programs are Debian's, InterCode's Ubuntu's)",
  other: "other: the output differs",
} as const;

export type Cause = keyof typeof CAUSES;

const TIMED_OUT = "Command timed out";
const MALFORMED = "Malformed command";
// Commands whose output depends on when and where they run. Word-bounded, so `dated.txt` is not `date`.
const CLOCK =
  /(^|[\s|;&(`$])(date|cal|uptime|w|who|whoami|last|df|du|free|ps|pgrep|top|htop|vmstat|iostat|hostname|uname|ifconfig|ip|netstat|ping|dig|nslookup|curl|wget|lsof|history|crontab|env|printenv|mktemp)(?=$|[\s|;&)`])|\$RANDOM|\/proc\/|\/var\/log|-[amc]min|-[amc]time|-newer|\bstat\b|\bls\s+-\w*l/;

/** Null when the two observations are equal; otherwise the cause of the difference. */
export function observationCause(action: string, logged: string, now: string): Cause | null {
  if (logged === now) return null;
  if (logged.includes(TIMED_OUT) !== now.includes(TIMED_OUT)) return "timeout";
  if ((logged === MALFORMED) !== (now === MALFORMED)) return "malformed";
  if (isSqlObservation(logged) && isSqlObservation(now)) return sqlCause(action, logged, now);
  if (CLOCK.test(action)) return "clock";
  if (unhashed(logged) === unhashed(now)) return "contents";
  if (digitless(logged) === digitless(now)) return "numbers";
  if (squeezed(logged) === squeezed(now)) return "whitespace";
  if (sortedLines(logged) === sortedLines(now)) return "ordering";
  if (oneSided(logged, now, /No such file or directory/)) return "missingFile";
  if (oneSided(logged, now, /Permission denied|Operation not permitted/)) return "permission";
  if (oneSided(logged, now, /command not found/)) return "missingCommand";
  if (sameProgramsSaying(logged, now)) return "wording";
  return "other";
}

const digitless = (s: string) => s.replace(/\d+(\.\d+)?/g, "0");
const squeezed = (s: string) => s.replace(/\s+/g, " ").trim();
const sortedLines = (s: string) => s.split("\n").filter(Boolean).sort().join("\n");
const oneSided = (a: string, b: string, re: RegExp) => re.test(a) !== re.test(b);
const unhashed = (s: string) => s.replace(/\b[0-9a-f]{32,64}\b/g, "#");
const PROGRAM = /^([\w.-]+):/;
/** Every line that differs is a message of the same program on both sides ("md5sum: …", "awk: …"), after its path ("/bin/awk" → "awk"). */
function sameProgramsSaying(a: string, b: string): boolean {
  const la = a.split("\n");
  const lb = b.split("\n");
  if (la.length !== lb.length) return false;
  const prog = (l: string) => PROGRAM.exec(l.replace(/^\/[\w./-]*\//, ""))?.[1];
  return la.every((l, i) => l === lb[i] || (prog(l) !== undefined && prog(l) === prog(lb[i])));
}

// SQL observations as InterCode printed them: the rows list (Python's str of row tuples), None, or the error.
const SQL_ERROR = "Error executing query: ";
const isSqlObservation = (s: string) => s.startsWith(SQL_ERROR) || s === "None" || /^\[(\(.*\))?\]$/s.test(s);

const MISSING_TABLE = /^Error executing query: Table '[^']*' doesn't exist$/;
const CATALOG =
  /\binformation_schema\b|\bversion\s*\(|^\s*show\s+(table\s+status|(global\s+|session\s+)?(status|variables)|engines|processlist|create\s+database)\b/i;
const LISTING = /^\s*show\s+(full\s+)?(tables|databases|schemas)\b/i;

function sqlCause(action: string, logged: string, now: string): Cause {
  const [a, b] = [pythonTuples(logged), pythonTuples(now)];
  if (a && b && a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n")) return "ordering";
  if (oneSided(logged, now, MISSING_TABLE) || (MISSING_TABLE.test(logged) && MISSING_TABLE.test(now))) return "missingTable";
  if (a && b && LISTING.test(action) && b.every((r) => a.includes(r)) && a.length > b.length) return "missingTable";
  if (CATALOG.test(action)) return "catalog";
  if (oneSided(logged, now, /only_full_group_by/)) return "groupBy";
  if (logged.startsWith(SQL_ERROR) && now.startsWith(SQL_ERROR)) return "sqlServer";
  return digitless(logged) === digitless(now) ? "numbers" : "other";
}

/** The row tuples of a printed rows list, as texts (quotes and brackets inside values respected); null if it is not one. */
export function pythonTuples(s: string): string[] | null {
  if (!s.startsWith("[") || !s.endsWith("]")) return null;
  const rows: string[] = [];
  let depth = 0;
  let start = 0;
  let quote = "";
  for (let i = 1; i < s.length - 1; i++) {
    const c = s[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "(") {
      if (depth++ === 0) start = i;
    } else if (c === ")" && --depth === 0) rows.push(s.slice(start, i + 1));
  }
  return rows;
}
