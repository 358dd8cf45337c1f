// Conform's form state (useForm, parse), which forms load on demand (app/utils/use-deferred-zod-form.ts). The dynamic
// import names this module rather than "@conform-to/react", which pages import statically for its small prop helpers
// (getFormProps, getInputProps): a dynamic import of that module would put all of Conform into their chunk.
export { parse, useForm } from "@conform-to/react";
