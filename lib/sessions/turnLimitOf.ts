// An episode's turn limit and what reaching it does. Agents' limits come with each start (the
// agent API and runs score at the limit themselves); human play started without one (the Play
// page) gets the operator's setting, PLATEAU_HUMAN_TURN_LIMIT, and is scored as it stands there.

export interface TurnRule {
  turnLimit: number | null;
  /** Reaching the limit scores the episode (forcedSubmit), rather than refusing commands until Submit or Skip. */
  scoreAtTurnLimit: boolean;
}

export function turnLimitOf(
  start: { playerKind: "human" | "agent"; turnLimit?: number | null; scoreAtTurnLimit?: boolean },
  humanTurnLimit: number | null,
): TurnRule {
  if (start.turnLimit !== undefined)
    return { turnLimit: start.turnLimit, scoreAtTurnLimit: start.turnLimit !== null && (start.scoreAtTurnLimit ?? false) };
  if (start.playerKind === "human" && humanTurnLimit !== null) return { turnLimit: humanTurnLimit, scoreAtTurnLimit: true };
  return { turnLimit: null, scoreAtTurnLimit: false };
}

/** The setting's value: unset or empty is no limit; anything but a whole number from 1 is refused, loudly. */
export function parseTurnLimitSetting(value: string | undefined, name = "PLATEAU_HUMAN_TURN_LIMIT"): number | null {
  if (value === undefined || value.trim() === "") return null;
  if (!/^\s*[1-9]\d{0,5}\s*$/.test(value)) throw new Error(`${name} must be a whole number of turns from 1 (got "${value}")`);
  return Number(value);
}
