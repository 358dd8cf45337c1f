export const startedAt = new Date();
