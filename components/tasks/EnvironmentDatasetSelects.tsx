"use client";
import { useState } from "react";
import { ENVIRONMENTS } from "@/lib/environments/types";

/**
 * The task filter's environment and dataset: choosing an environment narrows the datasets at once
 * (a dataset of another environment is dropped), before the form is sent.
 */
export function EnvironmentDatasetSelects({
  env,
  dataset,
  datasets,
}: {
  env: string;
  dataset: string;
  datasets: { environment: string; dataset: string }[];
}) {
  const [chosenEnv, setEnv] = useState(env);
  const [chosenDataset, setDataset] = useState(dataset);
  const shown = datasets.filter((d) => !chosenEnv || d.environment === chosenEnv);
  return (
    <>
      <select
        name="env"
        value={chosenEnv}
        aria-label="Environment"
        onChange={(e) => {
          const next = e.target.value;
          setEnv(next);
          if (chosenDataset && next && !datasets.some((d) => d.dataset === chosenDataset && d.environment === next))
            setDataset("");
        }}
      >
        <option value="">All environments</option>
        {ENVIRONMENTS.map((e) => (
          <option key={e} value={e}>
            {e}
          </option>
        ))}
      </select>
      <select name="dataset" value={chosenDataset} aria-label="Dataset" onChange={(e) => setDataset(e.target.value)}>
        <option value="">All datasets</option>
        {shown.map((d) => (
          <option key={d.dataset} value={d.dataset}>
            {d.dataset}
          </option>
        ))}
      </select>
    </>
  );
}
