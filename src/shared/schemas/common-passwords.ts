// The 10,000 most common passwords (SecLists, "10-million-password-list-top-1M", MIT licence: the first 10,000
// lines), kept here only where they could pass the other rules: 8 or more characters with a letter and a digit.
// Every other entry is already refused by length or character class, so this is the whole list in effect.
// Lower case; compared case-insensitively. Regenerate with scripts/common-passwords.sh.
const LIST =
  '1232323q 1234567890a 1234567890q 123456789a 123456789d 123456789m 123456789q 123456789qwe 123456789s ' +
  '123456789z 12345678a 12345678q 1234567a 1234567q 123456aa 123456qqq 123456qw 123456qwe 123456qwerty 123456ru ' +
  '12345abc 12345qaz 12345qwe 12345qwer 12345qwert 12345qwerty 1234abcd 1234asdf 1234qwer 1234rewq 1234zxcv ' +
  '123qq123 123qwe123 123qweasd 123qweasdzxc 123qwert 123qwerty 12qw12qw 12qw34er 12qwaszx 1a2b3c4d 1a2s3d4f ' +
  '1passwor 1q1q1q1q 1q2w3e4r 1q2w3e4r5 1q2w3e4r5t 1q2w3e4r5t6y 1qa2ws3ed 1qaz1qaz 1qaz2wsx 1qaz2wsx3edc 1qazxsw2 ' +
  '1qazxsw23edc 1qazzaq1 1qw23er4 1x2zkg8w 1z2x3c4v 23skidoo 45m2do5bs 50spanks 5wr2i7h8 7777777a 7ugd5hip2j ' +
  '8j4ye3uz 9293709b13 a1234567 a12345678 a123456789 a1b2c3d4 a1s2d3f4 abc12345 abcd1234 access14 agent007 ' +
  'america1 andyod22 angel123 anthony1 apollo13 apple123 arsenal1 asdf1234 asdfgh01 asdqwe123 asshole1 austin31 ' +
  'awesome1 babylon5 baseball1 blink182 blue1234 brandon1 broncos1 bubba123 bubbles1 buddy123 buffalo1 bulldog1 ' +
  'cameron1 captain1 cbr900rr charles1 charlie1 charlie2 chelsea1 chester1 chicago1 chicken1 chris123 cowboys1 ' +
  'cricket1 crystal1 cygnusx1 david123 death666 destiny1 devil666 diamond1 digital1 dodgers1 dolphin1 dragon12 ' +
  'dragon69 drummer1 eclipse1 f00tball favorite6 ferrari1 fishing1 florida1 football1 fordf150 forever1 formula1 ' +
  'freedom1 front242 fuckoff1 fuckyou1 fuckyou2 gabriel1 gandalf1 gateway1 genesis1 gfhjkm123 ghbdtn123 ' +
  'ghhh47hj7649 gn56gn56 good123654 gordon24 green123 gsxr1000 hallo123 happy123 hawaii50 heather1 hello123 ' +
  'iloveyou1 iloveyou2 iverson3 jackass1 jackson1 jackson5 james007 james123 jasmine1 jessica1 johnson1 jordan23 ' +
  'just4fun kcj9wx5n killer12 killer123 kordell1 letmein1 letmein2 lineage2 liverpool1 madison1 mailcreated5240 ' +
  'marcius2 marines1 marino13 mash4077 master12 matthew1 maxwell1 mazda626 mazdarx7 melissa1 michael1 michael2 ' +
  'misfit99 money123 monkey12 monster1 montgom240 mustang1 mustang6 nascar24 natasha1 ncc1701a ncc1701d ncc1701e ' +
  'ncc74656 newpass6 newyork1 nirvana1 nokia6233 nokia6300 nokian73 noname123 nwo4life p0015123 p0o9i8u7 p4ssw0rd ' +
  'pa55w0rd pa55word packers1 pantera1 panther1 pass1234 passw0rd passwor1 password1 password12 password123 ' +
  'password2 password9 password99 patches1 patrick1 peaches1 penguin1 perfect1 phoenix1 playboy1 pokemon1 ' +
  'polniypizdec0211 pool6123 porsche1 porsche9 power123 private1 pufunga7782 pumpkin1 pussy123 q1234567 ' +
  'q123456789 q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 q2w3e4r5 qazwsx12 qazwsx123 qazwsxedc123 qwe123qwe qweasd123 ' +
  'qwer1234 qwert123 qwert12345 qwerty11 qwerty12 qwerty123 qwerty1234 qwerty12345 qwerty123456 r2d2c3po raiders1 ' +
  'rainbow1 rainbow6 rangers1 rebecca1 richard1 rush2112 sabrina1 sammy123 samsung1 sasha_007 satan666 scooter1 ' +
  'scorpio1 segblue2 shadow12 shaney14 shannon1 soccer10 soccer12 sojdlg123aljg soso123aljg spartan1 spencer1 ' +
  'stephen1 success1 summer69 summer99 super123 superman1 test1234 testing1 therock1 thunder1 tiffany1 tiger123 ' +
  'trouble1 trustno1 turkey50 usuckballz1 vanessa1 vikings1 voyager1 vsjasnel12 warrior1 weare138 welcome1 ' +
  'wg8e3wjf william1 winston1 wp2003wp wrinkle1 yamahar1 yankees1 yankees2 z1x2c3v4 zachary1 zaq12wsx zaq1xsw2 ' +
  'zxasqw12 zxcasdqwe123 zxcv1234 zxcvbnm1 zxcvbnm123';

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(' '));
