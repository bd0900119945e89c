/**
 * Passwords of 8+ characters that top the published breach-frequency lists (for example the
 * SecLists "10k most common" list and NCSC's "100,000 most common"), plus the obvious ones for a
 * site like ours. New passwords on this list are refused (ASVS 6.2.4). Compared lower-cased.
 */
const LIST = `
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa55word pa$$word
12345678 123456789 1234567890 0123456789 12341234 11111111 00000000 88888888 87654321 987654321 11223344
12121212 13131313 123123123 147258369 159753456 123qweasd 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx
qwertyui qwertyuiop qwerty123 qwerty12 qwerty1234 asdfghjk asdfghjkl asdf1234 zxcvbnm1 zxcvbnmm q1w2e3r4
q1w2e3r4t5 qazwsxedc abcd1234 abc12345 abcdefgh abcdefg1 aa123456 a1b2c3d4 iloveyou iloveyou1 sunshine
sunshine1 princess princess1 football football1 baseball baseball1 basketball superman batman123 michael1
trustno1 whatever welcome1 welcome123 letmein1 letmein123 monkey123 dragon123 master123 starwars
starwars1 shadow123 freedom1 computer internet jennifer jordan23 charlie1 chocolate butterfly
fuckyou1 iloveyou2 lovelove loveyou1 mustang1 michelle corvette mercedes samantha victoria
alexander jessica1 matthew1 maverick liverpool chelsea1 arsenal1 pokemon1 minecraft
changeme changeme1 default1 administrator admin123 admin1234 root1234 secret123 test1234 testtest
guest123 user1234 login123 temp1234 hello123 helloworld goodluck blessed1 blessing god12345
jesus123 jesuschrist christ123 heaven12 angel123 angels12 spirit12 spiritual soulmate
meditation namaste1 sacred123 sacredpath ceremony1 ayahuasca psilocybin mushroom1 mushrooms
magic123 magicmushroom shaman12 universe peaceandlove peacelove 1234qwer 1234abcd
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
