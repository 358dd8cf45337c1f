// The image-generation lab's models, defaults and limits: no zod here, so the lab's pages do not load the
// validation library with the page (the schemas in ./flux.ts build on these).

export const FLUX_MODELS = [
  {
    id: "black-forest-labs/FLUX.1-dev",
    label: "FLUX.1-dev",
    hint: "Guidance: low 3 to 6, medium 7 to 10, high 12 to 15.",
  },
  { id: "black-forest-labs/FLUX.1-schnell", label: "FLUX.1-schnell", hint: "Fast model: few steps are enough." },
  {
    id: "black-forest-labs/FLUX.1-Kontext-dev",
    label: "FLUX.1-Kontext-dev",
    hint: "Edits an input image: give its id.",
  },
] as const;

export const FLUX_DEFAULTS = {
  steps: 30,
  width: 512,
  height: 512,
  model: FLUX_MODELS[0].id,
  prompt: "A red lighthouse on a rocky coast at dusk, waves crashing, oil painting",
} as const;

export const FLUX_LIMITS = {
  stepsMin: 10,
  stepsMax: 1000,
  sizeMin: 256,
  sizeMax: 10_000,
  prompts: 20,
  promptChars: 2_000,
  echoChars: 10_000,
} as const;
/** echo_data carries requestor_id and requestor_type, both set to the form name. */
export const FLUX_FORM_NAME = "flux_lab";
/** History lists at most this many jobs. */
export const FLUX_HISTORY_LIMIT = 100;
export const FLUX_PREVIEW_WIDTH = 360;
export const FLUX_HISTORY_WIDTH = 512;
