/**
 * The most common passwords (public breach top lists, plus German and
 * workshop-specific words). A new password is refused when, lower-cased and
 * without trailing digits and symbols, it is one of these or one of these
 * repeated ("passwortpasswort", "Password2026!").
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
123456 password 123456789 12345678 12345 qwerty 1234567 111111 1234567890 123123 abc123 1234
password1 iloveyou 1q2w3e4r 000000 qwerty123 zaq12wsx dragon sunshine princess letmein 654321
monkey 27653 1qaz2wsx 123321 qwertyuiop superman asdfghjkl trustno1 football baseball welcome admin
administrator root toor passw0rd p@ssw0rd p@ssword master hello freedom whatever qazwsx shadow
michael jennifer jordan hunter harley ranger buster thomas tigger robert soccer batman test pass
killer hockey george charlie andrew michelle love jessica pepper daniel access joshua maggie
starwars silver william dallas yankees 666666 hannah amanda summer nicole ashley cheese computer
corvette mercedes porsche ferrari bmw audi volkswagen mustang flower matrix internet samsung google
secret cookie chocolate orange banana apple purple ginger biteme lovely angel babygirl anthony
friends butterfly liverpool arsenal chelsea barcelona juventus bayern borussia rapid austria vienna
wien schalke werder hamburg berlin munchen muenchen passwort passwort1 hallo hallo123 schatz
schatzi geheim geheim123 sommer winter fruehling herbst schalke04 fussball ficken hurensohn
arschloch blume sonne sonnenschein mausi maus hase hasi baerchen engel liebe ichliebedich
deutschland oesterreich österreich werkstatt autowerkstatt happycar happy car auto autohaus
reparatur termin admin123 administrator1 login welcome1 welcome123 changeme default letmein1 qwertz
qwertzuiop asdfgh yxcvbnm qwert 1qay2wsx 1q2w3e 1q2w3e4r5t 1q2w3e4r5t6y 2wsx3edc q1w2e3r4
q1w2e3r4t5 q1w2e3r4t5y6 a1b2c3d4 aa123456 abcd1234 abcdef abcdefg abcdefgh 987654321 7777777
88888888 11111111 00000000 123654 159753 147258369 741852963 789456123 12344321 112233 121212
131313 696969 777777 555555 222222 999999 101010 123qwe 123abc qwe123 asd123 zxc123 zxcvbnm zxcvbn
asdf qwer poiuytrewq mnbvcxz lkjhgfdsa 1111 0000 2000 2020 2021 2022 2023 2024 2025 2026
password123 password12 password1234 passwort123 passwort1234 pa55word pa55w0rd passwd secret123
starwars1 iloveyou1 iloveyou2 princess1 monkey123 dragon123 football1 baseball1 superman1 batman123
master123 hello123 test123 test1234 testtest guest user demo sample temp temppass temp123
letmein123 welcomewelcome passwordpassword qwertyqwerty asdfasdf 12341234 123456123456 qwerty12345
qwerty1234 1234qwer qwer1234 abc12345 abcd12345 michael1 jordan23 killer123 mustang1 shadow1
sunshine1 charlie1 trustno11 access14 master1 soccer1 hockey1 tigger1 ashley1 jessica1 thomas1
daniel1 andrew1 summer1 zaq1zaq1 zaq1xsw2 !qaz2wsx 1qazxsw2 xsw2zaq1 qazwsxedc qazwsxedcrfv
1qaz2wsx3edc 1qaz@wsx 123456789a 12345678a 1234567a a123456 a12345678 123456a 1234567890q qwertyu
qwertyuio iloveu football123 baseball123 lovelove loveme lovers lover fuckyou fuckoff asshole bitch
naruto pokemon minecraft fortnite roblox pussy sexy sex cool coolguy blink182 metallica nirvana
slipknot eminem sparky diamond jasmine jackson tiger lion eagle falcon phoenix dolphin spider
spiderman ironman hulk thor loki gandalf frodo hobbit zelda mario luigi sonic pikachu yoda vader
skywalker qwerty1 qwerty12 qwerty123456 qwertyuiop123 1234567891 12345678910 0987654321 9876543210
password2 password3 password01 passw0rd1 p@ssw0rd1 p@ssw0rd123 admin1 admin1234 admin12345
adminadmin root123 rootroot toor123 user123 user1234 guest123 default123 changeme123 welcome2024
welcome2025 sommer2024 sommer2025 winter2024 winter2025 herbst2024 fruehling2024 hallo1234
schatz123 geheim1234
`
    .split(/\s+/)
    .filter(Boolean),
);
