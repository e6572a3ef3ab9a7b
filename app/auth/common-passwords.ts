/**
 * Common passwords that zxcvbn's list of breached passwords (@zxcvbn-ts/language-common) lacks,
 * German ones above all: those of this project's earlier list that the estimate let through, alone
 * or as variants ("Qwertz2026!", "ichliebedich"), and the German keyboard's column walks, which it
 * rates 3. Lower case, the most common first.
 */
export const COMMON_PASSWORDS: readonly string[] = `
qwertz qwertzuiop yxcvbnm ichliebedich hasi fruehling oesterreich hurensohn login toor bmw 654321
27653 777777 555555 222222 999999 0000 2020 2021 2022 2023 2024 2025 2026 qwer abcdef abcdefg
abcdefgh lkjhgfdsa welcomewelcome qwertyqwerty zaq1zaq1 adminadmin rootroot fortnite roblox
1qay2wsx3edc 1qay2wsx3edc4rfv qayxswedcvfr
`
  .split(/\s+/)
  .filter(Boolean);
