// The most common passwords of public breach lists that are 8 characters or longer.
const COMMON = new Set([
  "password", "password1", "password12", "password123", "password1234", "12345678", "123456789", "1234567890",
  "qwertyuiop", "qwerty123", "qwerty12", "iloveyou", "11111111", "00000000", "sunshine", "princess", "football",
  "baseball", "welcome1", "welcome123", "abc12345", "abcd1234", "letmein1", "trustno1", "superman", "starwars",
  "passw0rd", "p@ssw0rd", "p@ssword", "admin123", "administrator", "changeme", "computer", "michael1", "jennifer",
  "1q2w3e4r", "1qaz2wsx", "zaq12wsx", "qazwsxedc", "asdfghjkl", "987654321", "88888888", "12341234", "123123123",
  "q1w2e3r4", "qwertyui", "dragon12", "monkey12", "whatever", "corvette", "mercedes", "basketball", "charlie1",
]);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
