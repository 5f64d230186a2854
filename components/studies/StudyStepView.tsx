import type { StudyStep } from "@/lib/studies/participation";
import { Markdown } from "./Markdown";
import { EpisodeForm } from "@/components/play/EpisodeForm";

/** One step of a participant's study: consent, instructions and practice, the next task, or the end. */
export function StudyStepView({ study, pseudonym, step }: { study: string; pseudonym: string; step: StudyStep }) {
  return (
    <main style={{ maxWidth: 760 }}>
      <div className="muted">
        {study} · {pseudonym}
      </div>
      {step.kind === "consent" && (
        <>
          <h1>Before you start</h1>
          <div className="panel">
            <Markdown text={step.consent} />
          </div>
          <form method="post" action="/study/consent">
            <button className="primary" type="submit" autoFocus data-testid="accept-consent">
              I agree
            </button>
          </form>
        </>
      )}
      {(step.kind === "practice" || step.kind === "task") && (
        <>
          <h1 data-testid="study-step">
            {step.kind === "practice" ? "A practice task first (it does not count)" : `Task ${step.index + 1} of ${step.of}`}
          </h1>
          {step.instructions && (
            <div className="panel">
              <Markdown text={step.instructions} />
            </div>
          )}
          <EpisodeForm action="/study/next">
            <button className="primary" type="submit" autoFocus data-testid="study-next">
              {step.episodeId ? "Go back to your task" : step.kind === "practice" ? "Start the practice task" : "Start the task"}
            </button>
          </EpisodeForm>
        </>
      )}
      {step.kind === "done" && (
        <>
          <h1>{step.ended ? "The study has ended for you" : "Thank you: you are done"}</h1>
          <p>Your completion code:</p>
          <p className="big mono" data-testid="completion-code">
            {step.completionCode}
          </p>
        </>
      )}
    </main>
  );
}
