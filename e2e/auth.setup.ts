import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as setup, expect } from "@playwright/test";
import { ACCOUNTS, PASSWORD, plateau, stateFile, type Who } from "./accounts";

// Before the other browser tests: the operator makes the accounts (CLI), and each person signs in
// once through the sign-in page; their browser states are what the other tests start from.

for (const who of Object.keys(ACCOUNTS) as Who[]) {
  setup(`${who} signs in`, async ({ page }) => {
    const a = ACCOUNTS[who];
    plateau("user", "create", `--${a.role}`, a.email, "--password", PASSWORD);
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in\?next=%2F$/);
    await page.getByLabel("Email").fill(a.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    // A participant is shown by name (a study's: their pseudonym), never by an address.
    const shown = a.role === "participant" ? a.email.split("@")[0] : a.email;
    await expect(page.getByTestId("signed-in-as")).toContainText(`${shown} · ${a.role}`);
    mkdirSync(path.dirname(stateFile(who)), { recursive: true });
    await page.context().storageState({ path: stateFile(who) });
  });
}
