import { describe, expect, it } from "vitest";
import { overlapCsv, plateauCsv, tableCsv } from "./statsCsv";
import { sampleResult } from "./sampleResult";

describe("CSV downloads", () => {
  it("plateau: one row per group and k, quoting what needs quoting", () => {
    const lines = plateauCsv(sampleResult()).split("\r\n");
    expect(lines[0]).toBe(
      "group,k,n,solved_within_k,sr_at_k_pct,sr_low_pct,sr_high_pct,actions_at_k,inadmissible_at_k,error_at_k_pct",
    );
    expect(lines[1]).toBe("a,1,10,1,10,5,15,10,5,50");
    expect(lines[4]).toBe('"b, ""quoted""",1,20,2,10,5,15,0,0,');
    expect(lines).toHaveLength(1 + 6 + 1); // header, 2 × 3 rows, trailing CRLF
  });

  it("table: groups, then split rows", () => {
    const lines = tableCsv(sampleResult()).trim().split("\r\n");
    expect(lines[1]).toBe("a,,10,5,50,1,99,2.5,25,10,1");
    expect(lines[3]).toBe("a,hardness=easy,4,3,75,30,95,2,,0,0");
  });

  it("overlap: one row per pair and task", () => {
    expect(overlapCsv(sampleResult()).trim().split("\r\n")).toEqual([
      "group_a,group_b,task_id,solved_by",
      'a,"b, ""quoted""",1,both',
      'a,"b, ""quoted""",2,only_a',
      'a,"b, ""quoted""",3,only_a',
      'a,"b, ""quoted""",4,neither',
    ]);
  });

  it("defuses spreadsheet formulas in names", () => {
    const r = sampleResult();
    r.groups[0].key = "=HYPERLINK(1)";
    expect(tableCsv(r).split("\r\n")[1].startsWith("'=HYPERLINK(1),")).toBe(true);
  });
});
