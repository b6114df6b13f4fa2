"""Secrets scrubbed by their shape, wherever a text came from: every detector, and scrub() and
scrub_record(), which every way in calls before a text is stored, written or printed.

Uses: base, text.
"""

import base64
import bisect
import collections
import itertools
import math

from .base import LazyRe
from .text import CJK_RUN_RE


# (here, above every writer: no text reaches the database or a file before both)


# -- Secrets: what a credential looks like, wherever it came from --
# A secret is found by its shape, as gitleaks and detect-secrets find them, not by a list of
# vendors: each detector below yields the spans of values to redact; overlapping spans merge and
# each becomes [REDACTED:kind].  The name, the separator, the user name and the host stay.
#  1. <private> blocks and private key blocks (PEM, or PEM in base64)
#  2. a token whose prefix says what it is (SECRET_PREFIXES), or that has a token's shape: a
#     short prefix, a separator and a long random tail (hf_..., dop_v1_..., glpat-...), or
#     three random parts joined by dots
#  3. a JWT
#  4. URL user-info: scheme://user:PASSWORD@, scheme://:PASSWORD@, scheme://TOKEN@
#  5. a value given to a secret-sounding name, in any notation: NAME=V, NAME: V, "NAME": "V",
#     NAME="V", <NAME>V</NAME>, define('NAME', 'V'), --name V, NAME 是 V, 密码：V, "password is V"
#  6. a password on a command line: mysql -pV, sshpass -p V, docker login -p V, redis-cli -a V,
#     curl -u user:V, htpasswd -b FILE USER V, rabbitmqctl add_user USER V
#  7. HTTP credentials: Authorization and Bearer values, session cookies
#  8. a long random token shortly after a secret-sounding word, or quoted on its own
#  9. the token in a webhook URL's path
# Look-alikes stay: commit hashes, UUIDs, checksums and ids on their own, placeholders
# (<your password>, ${API_KEY}, changeme, xxxx, sk_live_...), references (os.environ["X"],
# settings.API_KEY), type names (password: str), counts (max_tokens: 4096) and prose.

_PRIVATE_TAG_RE = LazyRe(r"(?i)<(/?)private\b[^>]*>")


def contains_any(text, words):
    """Whether ``text`` contains one of ``words`` (literal, case-sensitive): the quick look for
    a hint before the patterns run.  Each word is found by the string search in C, two to three
    times faster than one regular expression of them all (an alternation is tried word by word
    at every position)."""
    for word in words:
        if word in text:
            return True
    return False


def _strip_private(text, found):
    """Replace each outermost <private ...>...</private> (any case, attributes, nested; an
    unclosed one runs to the end) with [REDACTED:private]."""
    out, depth, last = [], 0, 0
    for m in _PRIVATE_TAG_RE.finditer(text):
        if not m.group(1):
            if depth == 0:
                out.append(text[last:m.start()])
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                out.append("[REDACTED:private]")
                found["private"] = found.get("private", 0) + 1
                last = m.end()
    if depth:
        out.append("[REDACTED:private]")
        found["private"] = found.get("private", 0) + 1
    else:
        out.append(text[last:])
    return "".join(out)


# a name part ending in one of these makes a value a secret whatever it looks like (DB_PASS,
# requirepass, adminPassword) ...
_STRONG_ENDINGS = ("password", "passwd", "passphrase", "passcode", "pass", "pwd", "secret",
                   "secrets", "token", "tokens", "credential", "credentials", "creds")
_STRONG_PARTS = frozenset(("pw", "psk"))
_NOT_PASS = frozenset("bypass compass encompass surpass overpass underpass trespass".split())
# ... and these make it one when it looks random (sort_key=created_at is no secret)
_WEAK_ENDINGS = ("key", "keys", "auth", "api", "sig", "signature", "session", "sessionid", "sessid",
                 "sid", "cookie", "salt", "hmac", "otp", "jwt", "sk", "ak", "userinfo")
# what may follow the secret word in a name that still holds the secret (SECRET_KEY_BASE,
# DB_PASSWORD_PROD); anything else makes it a name about a secret (password_file, token_type)
_SECRET_SUFFIXES = frozenset("base value data str string b64 base64 hex raw enc encrypted plain "
                             "plaintext text prod dev test staging live old new current primary "
                             "secondary backup info userinfo pair word confirmation confirm again "
                             "repeat private".split())
# a key part after one of these is no secret (recv-keys, public_key, Idempotency-Key, sort_key)
_NOT_SECRET_KEYS = frozenset("release public pub recv fingerprint finger id ids sort primary foreign site "
                             "partition cache idempotency dedup dedupe routing shard hash object "
                             "map lookup row composite unique index message kafka redis "
                             "i18n translation".split())
_KEY_JOINERS = frozenset("access api app signing private client master encryption account "
                         "secret".split())
_SECRET_WORDS_ZH = ("密码", "口令", "密钥", "秘钥", "令牌", "私钥", "凭证", "凭据", "授权码", "秘密",
                    "提取码", "访问码", "助记词",
                    "密碼", "金鑰", "密鑰", "權杖", "憑證", "憑據")
# words between a Chinese secret word and a value that make the value something else
# (凭据名称 x, 密码长度 12, 令牌桶)
_NOT_SECRET_ZH = ("名", "类型", "類型", "地址", "路径", "路徑", "文件", "檔案", "策略", "长度", "長度",
                  "格式", "错误", "錯誤", "规则", "規則", "校验", "提示", "管理", "编号", "有效期", "过期",
                  "過期", "输入", "桶", "轮换", "輪換", "字段", "位数", "强度", "复杂度", "错", "不对")
# words of a placeholder, an example or a reference, never a real value
_PLACEHOLDER_WORDS = ("your", "xxx", "todo", "fixme", "here", "insert", "replace", "填写", "你的",
                      "示例", "替换", "此处", "这里", "占位", "請填", "范例")
# ... and those no random token holds by chance (AWS's documented AKIAIOSFODNN7EXAMPLE)
_PLACEHOLDER_MARKS = ("example", "changeme", "change_me", "change-me", "placeholder", "dummy",
                      "redacted", "sample", "change-this", "change_this", "changethis")
_PLACEHOLDER_VALUES = frozenset("await new function lambda yield return self this password passwd pass pwd secret token key apikey api_key none null "
                                "nil true false undefined string str bytes int integer bool any "
                                "optional secretstr required empty default env value values "
                                "redacted masked hidden stdin yes no on off enabled disabled "
                                "set unset".split())
SECRET_PREFIXES = (  # tokens whose prefix names their issuer: (kind, pattern)
    ("anthropic-key", r"sk-ant-[\w-]{20,}"),
    ("openai-key", r"sk-(?:proj-|svcacct-|admin-|live-|test-)?[\w-]{20,}"),
    ("stripe-key", r"(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}|whsec_[A-Za-z0-9]{16,}"),
    ("aws-key", r"(?:AKIA|ASIA)[0-9A-Z]{16}(?![0-9A-Z])"),
    ("github-token", r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\w{22,}"),
    ("gitlab-token", r"gl(?:pat|rt|ptt|dt|cbt|soat|ft|imt|agent)-[\w-]{20,}"),
    ("slack-token", r"xox[a-z]-[\w.-]{10,}|xapp-[\w-]{10,}"),
    ("npm-token", r"npm_[A-Za-z0-9]{30,}"),
    ("pypi-token", r"pypi-[\w-]{30,}"),
    ("google-key", r"AIza[\w-]{35}"),
    ("sendgrid-key", r"SG\.[\w-]{16,}\.[\w-]{16,}"),
    ("vault-token", r"hv[sbr]\.[\w-]{20,}"),
    ("supabase-token", r"sbp_[0-9a-f]{40}"),
    ("bot-token", r"(?<=bot)[0-9]{8,10}:AA[\w-]{30,}|[0-9]{8,10}:AA[\w-]{30,}"),
    # a Bitcoin private key in wallet import format (base58, 51 or 52 characters)
    ("private-key", r"(?:5[HJK][1-9A-HJ-NP-Za-km-z]{49}|[KL][1-9A-HJ-NP-Za-km-z]{51})"
                    r"(?![1-9A-Za-z])"),
    ("private-key", r"LS0tLS1CRUdJTi[A-Za-z0-9+/=]{20,}"),  # base64 of "-----BEGIN"
    # a private key's base64 without its BEGIN line: PKCS#8 or PKCS#1 RSA, PKCS#8 EC
    ("private-key", r"MII[A-Za-z0-9+/]{3}IBA[AD][A-Za-z0-9+/=]{40,}|"
                    r"MIG[A-Za-z0-9+/]{2}AgEAMBMGByqGSM49AgEG[A-Za-z0-9+/=]{40,}"),
)
_PREFIXED_RE = LazyRe("|".join("(?P<k%d>(?:(?<![\\w.-])|(?<=bot))(?:%s))" % (n, pattern)
                                for n, (_, pattern) in enumerate(SECRET_PREFIXES)))
# the general shape of a vendor token: a short prefix, a separator, a long random tail
_TOKEN_SHAPE_RE = LazyRe(r"(?<![\w.\-/+])[A-Za-z][A-Za-z0-9]{1,11}[_.\-][\w.\-]{19,}")
_TOKEN_SEPARATORS_RE = LazyRe(r"[_.\-]+")
_HEX_RE = LazyRe(r"[0-9a-f]+")
_HEX_ANY_RE = LazyRe(r"[0-9a-fA-F]+")
_MAC_RE = LazyRe(r"(?:[0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}")
# what is public by design: publishable keys, and the DER of a public key (SPKI: RSA, EC, Ed25519)
_PUBLIC_KEYS = ("pk_live_", "pk_test_", "pk.eyJ", "MIIBIjANBgkqhkiG9w0BAQEFAAOC", "MIICIjANBgkqhkiG9w0BAQEFAAOC",
                "MFkwEwYHKoZIzj0CAQYI", "MCowBQYDK2Vw")
_DOTTED_TOKEN_RE = LazyRe(r"(?<![\w.\-])[\w\-]{20,}\.[\w\-]{6,}\.[\w\-]{20,}(?![\w.\-])")
_TOKENISH_PREFIX = ("pat", "api", "key", "tok", "secret", "sk", "live", "auth", "bot", "app", "sec")
_JWT_RE = LazyRe(r"(?<![\w-])eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}(?:\.[\w-]{8,}\.[\w-]{8,})?")
_PRIVATE_KEY_RE = LazyRe(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?"
                          r"(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)")
_USERINFO_RE = LazyRe(r"(?i)\b[a-z][a-z0-9+.\-]{1,20}://(?:([^\s/:\"'<>\[\]]{0,200}?):"
                       r"([^\s/\"'<>]{1,400})|([^\s/:@\"'<>\[\]]{1,200}))@(?=[\w\[/]|$)")
# a Go database DSN: user:PASSWORD@tcp(host:port)/db
_GO_DSN_RE = LazyRe(r"(?<![\w/])[\w.\-]{1,64}:(?P<value>[^\s@\"'/:]{1,200})@(?:tcp|unix)\(")
# a value: quoted, or a run up to a space, a delimiter, a next query parameter or CJK punctuation
_VALUE = (r"(?P<value>\"(?:[^\"\\\n]|\\.){1,400}\"|N?'[^'\n]{1,400}'|`[^`\n]{1,400}`|“[^”\n]{1,400}”|"
          r"「[^」\n]{1,400}」|\{[^{}\n]{1,200}\}(?![}])|"
          r"(?:[^\s,;'\"<>(){}\[\]|&，。；、（）【】「」『』《》！？“”\u3000]|&(?![\w\-]+=)){1,400})")
_PROSE_SEPARATORS = ("is", "was", "to", "是", "为", "為", "改成", "改为", "设置成", "设成", "设为", "設為",
                     "改成了", "设置成了")
_SEPARATOR = (r"(?P<sep>[ \t]*(?:=>|:=|==?|:|：|＝)[ \t]*|[ \t]*(?:是|为|為|改成了?|改为|设置成了?|设成|设为|設為)"
              r"[ \t]*|[ \t]+(?:is|was|to)[ \t]*[:：]?[ \t]*|[ \t]+)")
# NAME SEP VALUE, the name an identifier (quoted, or a flag) or a Chinese secret word
_ASSIGN_RE = LazyRe(r"(?P<name>(?<![\w\-.])-{0,2}[\"']?[A-Za-z_][\w.\-]{0,80}[\"']?\]?)" + _SEPARATOR
                     + _VALUE)
_NAME_HINTS = ("pass", "pwd", "pw", "secret", "token", "cred", "key", "auth", "sig", "sess", "sid",
               "cookie", "salt", "hmac", "otp", "jwt", "sk") + _SECRET_WORDS_ZH
# a Chinese secret word with a few words between it and its value (数据库的密码是 X, token 给你：X)
_ZH_ASSIGN_RE = LazyRe(
    r"(?P<name>(?:%s|(?i:token|key|secret|password)))(?P<between>[\u4e00-\u9fff]{0,6}?)"
    r"(?P<sep>[ \t]*(?:是|为|為|：|:|=|＝|(?:改成|改为|设置成|设置为|设成|设为|設為|换成|变成|改)了?)[ \t]*|"
    r"[ \t]+|(?=[“「]))"
    % "|".join(_SECRET_WORDS_ZH)
    + _VALUE)
_KEY_VALUE_ATTR_RE = LazyRe(r"\b(?:key|name)=([\"'])(?P<name>[A-Za-z_][\w.:\-]{0,80})\1\s+value="
                             r"(?P<value>\"[^\"\n]{1,400}\"|'[^'\n]{1,400}')")
_XML_ELEMENT_RE = LazyRe(r"<(?P<tag>(?:[A-Za-z_][\w.\-]{0,40}:)?(?P<name>[A-Za-z_][\w.\-]{0,60}))"
                         r"(?:\s[^<>]{0,300})?>\s{0,80}(?:<Value>)?(?P<value>[^<\n]{1,400})"
                         r"(?:</Value>\s{0,80})?</(?P=tag)>")
# the name an element's name="" or key="" attribute gives (<property name="x.password">V</property>)
_XML_NAMED_RE = LazyRe(r"<[\w:.\-]+\s+(?:name|key)=[\"'](?P<name>[A-Za-z_][\w.:\-]{0,80})[\"'][^<>]{0,200}>"
                       r"(?P<value>[^<\n]{1,400})</")
_CALL_PAIR_RE = LazyRe(r"([\"'])(?P<name>[A-Za-z_][\w.\-]{0,80})\1\s*,\s*(?P<value>\"(?:[^\"\\\n]|\\.)"
                        r"{1,400}\"|'[^'\n]{1,400}')")
# a command that names a secret, then gives its value (gh secret set NAME --body X)
_NAMED_FLAG_VALUE_RE = LazyRe(r"(?:--name|--key|secret\s+set|--parameter-name)[ =](?P<name>[\w.\-]{2,80})"
                              r"[^\n|;]*?\s(?:--value|--body|-b|--secret-string|--data)[ =]"
                              + r"(?P<value>'[^'\n]+'|\"[^\"\n]+\"|[^\s'\"]\S*)")
# a JSON pair of a name and its value ({"key": "apiKey", "value": "..."}, Postman, Helm lists)
_NAME_THEN_VALUE_RE = LazyRe(r"(?im)^(?P<indent>[ \t]*-?[ \t]*)name:[ \t]*[\"']?(?P<name>[A-Za-z_.]"
                             r"[\w.\-]{0,80})[\"']?[ \t]*\n[ \t]*value:[ \t]*(?P<value>\"[^\"\n]{1,400}\"|"
                             r"'[^'\n]{1,400}'|[^\s#]{1,400})")
# NAME.key=x, then NAME.value=SECRET (or NAME_KEY / NAME_VALUE): the value of what was named
_PAIRED_VALUE_RE = LazyRe(r"(?P<stem>[\w.\-]{3,80}?)[._-](?:key|KEY|name|NAME)[ \t]*[=:][^\n]{1,200}\n"
                          r"[ \t-]*(?P=stem)[._-](?:value|VALUE)[ \t]*[=:][ \t]*(?P<value>\"[^\"\n]{1,400}\"|"
                          r"'[^'\n]{1,400}'|[^\s#]{1,400})")
_JSON_KEY_VALUE_RE = LazyRe(r"\"(?:key|name)\"\s*:\s*\"(?P<name>[A-Za-z_][\w.\-]{0,80})\"\s*,\s*\"value\"\s*:"
                            r"\s*(?P<value>\"[^\"\n]{1,400}\")")
# what `cat` printed of a key file: the line after it
_KEY_FILE_RE = LazyRe(r"(?m)\b(?:cat|base64|head|tail|type|more|less|Get-Content|xxd)\b[^\n|]{0,40}?"
                      r"\s(?:\S*/)?(?:[\w.\-]*(?:\.key|\.pem|\.p8|\.psk|secret|credential|token|[Pp]assword|auth)"
                      r"[\w.\-]*)(?:[ \t]*\|[^\n]*)?[ \t]*$\s*^(?:[ \t]*(?:/[ \t]*)?)"
                      r"(?P<value>[A-Za-z0-9+/=_\-]{16,})[ \t]*$")
# a property list's key and its value: <key>AlgoliaWriteKey</key> <string>...</string>
_PLIST_PAIR_RE = LazyRe(r"<key>(?P<name>[A-Za-z_][\w.\-]{0,80})</key>\s*<string>(?P<value>[^<\n]{1,400})"
                        r"</string>")
_SQL_PASSWORD_RE = LazyRe(r"(?i)\b(?:identified(?:\s+with\s+\w+)?\s+by|password|requirepass)\s+"
                           r"(?P<value>'[^'\n]{1,400}'|\"[^\"\n]{1,400}\")")
_ARG = r"(?P<value>'[^'\n]+'|\"[^\"\n]+\"|[^\s'\"]\S*)"
_CLI_PASSWORD_RES = tuple(LazyRe(p) for p in (
    # mysql -pVALUE (attached: "-p shop" asks for the password, shop is the database)
    r"\b(?:mysql|mysqldump|mysqladmin|mysqlsh|mysqlimport|mariadb|mariadb-dump)\b[^\n|;&]*?\s-p"
    r"(?P<value>[^\s'\"]\S*|'[^'\n]+'|\"[^\"\n]+\")",
    r"\bsshpass\s+-p\s*" + _ARG,
    r"\b(?:docker|podman|nerdctl|buildah|skopeo|oras|crane|regctl|helm\s+registry)\s+login\b"
    r"[^\n|;&]*?\s-p\s+" + _ARG,
    r"\bredis-cli\b[^\n|;&]*?\s-a\s+" + _ARG,
    r"\bhtpasswd\s+-[a-zA-Z]*b[a-zA-Z]*\s+(?:\S+\s+){2}" + _ARG,
    r"\brabbitmqctl\s+(?:add_user|change_password)\s+\S+\s+" + _ARG,
    r"-(?:passin|passout|password|pass)\s+pass:(?P<value>\S+)",
    r"\b(?:mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|sqlcmd|bcp)\b[^\n|;&]*?"
    r"\s-[pP]\s+" + _ARG,
    r"\bsecurity\s+(?:[\w-]*keychain[\w-]*|import)\b[^\n|;&]*?\s-[pP]\s+" + _ARG,
    # a secret piped into the command that keeps it: echo X | gh secret set, ... --password-stdin
    r"\becho\s+(?:-[neE]+\s+)?" + _ARG + r"\s*\|\s*(?:gh\s+secret\s+set|[\w-]+(?:\s+\w+)?\s+login\b"
    r"[^|\n]*--password-stdin|kubectl\s+create\s+secret|vault\s+kv\s+put)",
    r"(?:^|>[ \t]*)AUTH[ \t]+" + _ARG,
    # curl -u user:VALUE, --user user:VALUE
    r"\s(?:-u|--user|--proxy-user|-U)(?:\s+|=)[\"']?(?:[^\s:,%\"']*[:,]|[^\s:,%\"']+%)"
    r"(?P<value>'[^'\n]+'|\"[^\"\n]+\"|[^\s\"']+)",
))
# what each of the patterns above needs in the text (lower-cased), SQL's first
_CLI_HINTS = (("identified", "password", "requirepass"), ("mysql", "mariadb"), ("sshpass",),
              ("login",), ("redis-cli",), ("htpasswd",), ("rabbitmqctl",), ("pass:",),
              ("mongo", "sqlcmd", "bcp"), ("keychain",), ("echo",), ("auth",),
              (" -u", "--user", "--proxy-user"))
# a secret key given after its access key id on a command line (ossutil -i ID -k SECRET,
# coscmd -a ID -s SECRET, obsutil -i=ID -k=SECRET)
_KEY_PAIR_FLAGS_RE = LazyRe(r"\s-(?:i|a|-access[-_]?key(?:[-_]id)?|-ak)[ =]\S{8,}\s+"
                            r"-(?:k|s|-secret[-_]?key|-sk)[ =](?P<value>[^\s'\"]{12,})")
# a call that takes a user (or an app id) and then its password or key
_CALL_SECRET_RE = LazyRe(r"\b(?i:\w*login|\w*auth\w*|authenticate|connect|algoliasearch|\w*_pw_\w*|"
                         r"\w*_pw|\w*passw\w*|\w*credentials?|"
                         r"set_password|SMTP\w*\.login)\(\s*(['\"])[^'\"\n]{1,80}\1\s*,\s*"
                         r"(['\"])(?P<value>[^'\"\n]{4,200})\2")
# ... and the secrets other notations give after what names them, each with what it needs in
# the text (lower-cased): the two above, Oracle's user/password@host, a Redis replica's and an
# IPsec peer's secret, ldapsearch -w, net use, PowerShell, sudo -S, Vault's unseal keys
_SECRET_SHAPES = (
    (_KEY_PAIR_FLAGS_RE, (" -i", " -a", " --access", " --ak")),
    (_CALL_SECRET_RE, ("login(", "auth", "connect(", "algoliasearch(", "set_password(", "_pw",
                       "passw", "credential")),
    (LazyRe(r"jdbc:oracle:thin:[^/\s@]{1,64}/(?P<value>[^@\s]{1,200})@"), ("jdbc:oracle",)),
    (LazyRe(r"\bsqlplus\s+[\w.$]{1,64}/(?P<value>[^@\s]{1,200})@"), ("sqlplus",)),
    (LazyRe(r"\b(?:sentinel\s+auth-pass\s+\S+|masterauth)\s+(?P<value>\S{4,200})"),
     ("auth-pass", "masterauth")),
    (LazyRe(r"\bPSK\s+(?P<value>\"[^\"\n]{4,200}\")"), ("psk",)),
    (LazyRe(r"\bldap\w*\s[^\n|;]*?\s-w\s+(?P<value>'[^'\n]+'|\"[^\"\n]+\"|\S+)"), ("ldap",)),
    (LazyRe(r"(?i)\bnet\s+use\s[^\n]*?/user:\S+\s+(?P<value>[^\s/]\S*)"), ("/user:",)),
    (LazyRe(r"(?i)ConvertTo-SecureString(?:\s+-(?:AsPlainText|Force|String))*\s+(?P<value>\"[^\"\n]+\"|"
            r"'[^'\n]+')"),
     ("securestring",)),
    (LazyRe(r"\becho\s+(?:-[neE]+\s+)?(?P<value>'[^'\n]+'|\"[^\"\n]+\"|\S+)\s*\|\s*sudo\s+"
            r"(?:-\w+\s+)*-S\b"), ("sudo",)),
    (LazyRe(r"(?im)^[ \t]*(?:unseal key \d+|initial root token|recovery key \d+)[ \t]*:[ \t]*"
            r"(?P<value>\S{16,})"), ("unseal", "root token", "recovery key")),
    # a user's password piped to chpasswd; a Wi-Fi QR code's payload; an IOS password of type
    # 0 (plain) or 7 (reversible); an SNMP community (a password by another name)
    (LazyRe(r"\becho\s+(?:-[neE]+\s+)?['\"]?[\w.\-]{1,64}:(?P<value>[^'\"\s|:]{1,200})['\"]?\s*"
            r"\|\s*(?:sudo\s+)?chpasswd"), ("chpasswd",)),
    (LazyRe(r"\bWIFI:[^\n]{0,200}?\bP:(?P<value>(?:\\.|[^;\\\n]){1,200})"), ("wifi:",)),
    (LazyRe(r"(?i)\b(?:password|secret|key-string|key)\s+[07]\s+(?P<value>[^\s\d]\S{3,200}|"
            r"\d\S{5,200})"), ("password", "secret", "key")),
    (LazyRe(r"\bsnmp\w*\b[^\n|;]*?\s-c\s+(?P<value>'[^'\n]+'|\"[^\"\n]+\"|\S+)"), ("snmp",)),
    (LazyRe(r"(?i)\bcommunity\s+(?P<value>[^\s'\"]{6,200})"), ("community",)),
    (LazyRe(r"(?i)\bnet\s+user\s+(?:\"[^\"\n]+\"|[^\s/\"]+)\s+(?P<value>[^\s/*][^\s]{3,200})"), ("net user",)),
    (LazyRe(r"(?im)^[ \t]*Key Content[ \t]*:[ \t]*(?P<value>\S[^\n]{0,200}?)[ \t]*$"), ("key content",)),
    (LazyRe(r"(?i)\bsigntool\b[^\n]*?\s/p\s+(?P<value>\"[^\"\n]+\"|\S+)"), ("signtool",)),
    (LazyRe(r"(?i)\bapp[ -]?passwords?\b[^\n:：]{0,60}[:：]\s*(?P<value>[a-z]{4}(?: [a-z]{4}){3})\b"),
     ("app password", "app-password")),
    (LazyRe(r"\bauth\s*=\s*\(\s*(['\"])[^'\"\n]{1,120}\1\s*,\s*(['\"])(?P<value>[^'\"\n]{4,400})\2"),
     ("auth",)),
    # a password handed to a hashing call in code: the literal is the password
    (LazyRe(r"\b(?:Hash::make|bcrypt|password_hash|make_password|generate_password_hash|hashpw|"
            r"BCrypt\.HashPassword)\(\s*(['\"])(?P<value>[^'\"\n]{4,200})\1"),
     ("hash::make", "bcrypt", "password_hash", "make_password", "hashpw", "hashpassword")),
)
# a seed phrase: 12 to 24 plain words after what names it
_SEED_LABEL_RE = LazyRe(r"(?i)(?:seed|recovery|mnemonic|backup)[ \t]+(?:phrase|words)|mnemonic|助记词")
_SEED_WORDS_RE = LazyRe(r"[^\n]{0,40}?\n?[ \t]*(?P<value>(?:[a-z]{3,8}[ \t]+){11,23}[a-z]{3,8})\b")
# bytes of a key as a list of numbers (a Solana keypair file, a Zigbee network key)
_BYTE_LIST_RE = LazyRe(r"\[(?:[ \t]*\d{1,3}[ \t]*,){15,}[ \t]*\d{1,3}[ \t]*\]")
_AUTHORIZATION_RE = LazyRe(
    r"(?i)\b(?:proxy-)?authorization[\"']?(?:\s*[:=]\s*[\"']?(?:(?:bearer|basic|token|digest|bot|"
    r"apikey|key|sso-key|otp)\s+)?|\s+[\"']?(?:bearer|basic|token|digest)\s+)(?P<value>[^\s\"',;]{4,})")
_BEARER_RE = LazyRe(r"(?i)\bbearer\s+(?P<value>[\w.~+/\-]{12,}=*)")
_COOKIE_RE = LazyRe(r"(?i)\b(?:set-)?cookie\s*[:：=]\s*(?P<pairs>[^\n]{1,4000})")
_COOKIE_PAIR_RE = LazyRe(r"(?P<name>[\w.\-]{1,80})=(?P<value>[^;,\s]{1,400})")
_LONG_RUN_RE = LazyRe(r"[\w.\-:+/=]{16,}")
_RANDOM_RUN_RE = LazyRe(r"(?<![\w+/=%\-])[A-Za-z0-9][\w+/=%.~\-]{15,}")
_QUOTED_RUN_RE = LazyRe(r"(?:b?\"(?P<a>[\w+/=\-]{24,200})\"|b?'(?P<b>[\w+/=\-]{24,200})')")
_QUERY_KEY_RE = LazyRe(r"(?i)[?&](?:app_?id|api_?key|apikey|key|access_?key|access_?token|token|"
                       r"client_?secret|secret|sig|signature|auth|ak|sk)=(?P<value>[A-Za-z0-9_\-]{16,200})"
                       r"(?=[&#\s\"'`)]|$)")
_WEBHOOK_URL_RE = LazyRe(r"(?i)https?://[^\s\"'<>]*?/(?:[^/\s\"'<>]*hook[^/\s\"'<>]*|services|robot|bot|reset|"
                          r"invite|verify|confirm|activate|magic|one-time|onetime|login-link)/"
                          r"[^\s\"'<>?#]+")
# a TOTP seed written in groups of four base32 letters
_BASE32_GROUPS_RE = LazyRe(r"(?i)(?<![a-z2-7])(?:[a-z2-7]{4}[ ]){5,}[a-z2-7]{4}(?![a-z2-7])")
# the lines of a .pgpass file: host:port:database:user:PASSWORD
_PGPASS_RE = LazyRe(r"(?m)^[ \t'\"]*(?:echo\s+['\"])?[\w.\-*]+:(?:\d{2,5}|\*):[\w.\-*]+:[\w.\-@*]+:"
                    r"(?P<value>[^\s'\"]+)")
_HASH_WORDS = ("sha1", "sha224", "sha256", "sha384", "sha512", "md5", "h1:", "fingerprint",
               "checksum", "digest", "hash", "integrity", "指纹", "校验", "摘要", "哈希")
_LABELED_RE = LazyRe(r"[a-z]{3,12}\d{0,3}[-_]")
_HASH_PREFIX_RE = LazyRe(r"(?i)^(?:sha1|sha224|sha256|sha384|sha512|md5|h1)[:\-/]")
_UUID_RE = LazyRe(r"(?i)^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
_USER_INFO_RE = LazyRe(r"(?i)user[._-]?info")  # basic.auth.user.info: user:secret
_NAME_PARTS_RE = LazyRe(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_CONSONANTS_RE = LazyRe(r"[bcdfghjklmnpqrstvwxz]{5}")
_WORDY_RE = LazyRe(r"[a-z]{5,}|[A-Z][a-z]{4,}|[A-Z]{4,}")
_LOWER_WORDY_RE = LazyRe(r"[a-z]{5,}|[A-Z][a-z]{4,}")
_IDENTIFIER_WORDS_RE = LazyRe(r"[A-Z]?[a-z]{3,}")
_SCHEME_RE = LazyRe(r"(?:[a-z][a-z0-9+.\-]{1,20}://|arn:aws|[a-z]{2,12}:[a-z][\w\-]{0,40}/[\w\-])")
_YAML_TAG_RE = LazyRe(r"![A-Za-z_][\w:]*\s+\S")
_CMDLET_RE = LazyRe(r"(?:Get|Read|Set|New|ConvertTo|ConvertFrom|Import|Export)-[A-Z][A-Za-z]+")
_ENV_NAME_RE = LazyRe(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")
_IDENTIFIER_PATH_RE = LazyRe(r"[A-Za-z_]\w*(?:\.\w+|\[[^\]]{1,80}\])*")
# the words after which a random run is a secret (as words: "tokenizer" and "OAuth" are not)
_SECRET_CONTEXT_RE = LazyRe(r"(?i)(?<![a-z])(?:(?:auth|api|app|access|refresh|bot|client)[ _-]?token|"
                             r"api[ _-]?key|access[ _-]?key|secret[ _-]?key|"
                             r"private[ _-]?key|license[ _-]?key|app[ _-]?secret|key|token|secret|"
                             r"password|passwd|credentials?|bearer|sk|ak)s?(?![a-z])|"
                             + "|".join(_SECRET_WORDS_ZH))
_CONTEXT_HINTS = ("key", "token", "secret", "passw", "credential", "bearer", "sk", "ak",
                  "api", "access", "private", "license", "app") + _SECRET_WORDS_ZH
# where a secret word's reach ends: a clause, another label or flag, a tag
_REACH_END_RE = LazyRe(r"[,;，。；\n<>]|\s\w+[:=]|[?&]\w+=|\s-{1,2}\w|\w+:(?!//)")
_ASIDE_RE = LazyRe(r"[ \t]*[(（][^()（）\n]{0,80}[)）]")
_REDACTED_RE = LazyRe(r"\[REDACTED:[\w.\-]*\]")
# Every detector needs one of these (lower-cased), or a long run that could be a token
_SECRET_HINTS = ("://", "-----begin", "<private", "eyj", "pass", "pwd", "pw", "secret", "token",
                 "key", "auth", "sig", "sess", "sid", "cookie", "cred", "salt", "hmac", "otp",
                 "bearer", "sk", " -p", " -a ", " -u", "--user", "identified", "mysql", "mariadb",
                 "login", "htpasswd", "rabbitmqctl", "sign in", "account", "sudo", "jdbc:oracle",
                 "unseal", "root token", " -i", "connect(", "algoliasearch", "log in", "@tcp(",
                 "@unix(", "sqlplus", "masterauth", "psk", "ldap", " use ", "securestring", "/p:",
                 " -t ", " -k ", "+login", "install", "chpasswd", "wifi:", "community", " -c ",
                 "phrase", "mnemonic", "recovery", "backup code", "wif", "appid", "app_id", "恢复码",
                 "验证码", "备用码", "账号", "帐号", "用户名", "登录名", "hash::make", "bcrypt", "hashpw",
                 "net user", "key content", "signtool") + _SECRET_WORDS_ZH


def _entropy(text):
    """Shannon entropy of ``text`` in bits per character."""
    counts = collections.Counter(text)
    total = float(len(text))
    return -sum(n / total * math.log(n / total, 2) for n in counts.values())


def _classes(text):
    return (any(c.islower() for c in text) + any(c.isupper() for c in text)
            + any(c.isdigit() for c in text))


def _reads(run):
    """Whether a run of letters reads as a word: a vowel in every five letters or so (strength,
    password) and no five consonants in a row (a random run has them: FqjtpscWrD)."""
    lowered = run.lower()
    vowels = sum(c in "aeiouy" for c in lowered)
    return len(lowered) <= 4 or vowels >= max(1, len(lowered) // 5) and not _CONSONANTS_RE.search(
        lowered)  # (a short run is a word or an abbreviation: pfx, cfg, src)


def _wordy(text):
    """Whether most of ``text`` is words (BCryptPasswordEncoder, process.env.GITHUB_TOKEN,
    example.com/v1): a random token has few runs of four lower-case letters (capitals count
    only in a name joined by _ or ., where NPM_TOKEN is words; a random capital run is common)."""
    if "_" in text or "." in text:  # an identifier: its words start at its separators and capitals
        return sum(len(w) for w in _IDENTIFIER_WORDS_RE.findall(text) if _reads(w)) >= 0.6 * len(
            text) or sum(len(w) for w in _WORDY_RE.findall(text) if _reads(w)) >= 0.5 * len(text)
    return sum(len(w) for w in _LOWER_WORDY_RE.findall(text) if _reads(w)) >= 0.5 * len(text)


def _random_printable(value):
    """A machine-made string of every kind of printable character (a WordPress salt, a Django
    SECRET_KEY): long, high entropy, letters, digits and symbols, few spaces."""
    return (len(value) >= 32 and value.count(" ") <= 3 and _entropy(value) >= 4.5
            and _classes(value) == 3 and sum(not c.isalnum() for c in value) >= 4)


def looks_random(value, length=16):
    """Whether ``value`` looks like a machine-made secret: long enough, mostly letters and digits
    of several kinds (a hex or base32 string counts), high entropy, not made of words."""
    core = value.strip("=")
    if len(core) < length or " " in core:
        return False
    if sum(c.isalnum() for c in core) < 0.75 * len(core) or _classes(core) < 2:
        return False
    return _entropy(core) >= (3.0 if len(core) < 32 else 3.3) and not _wordy(core)


def _part_kind(part):
    if part in ("ssid", "bssid", "essid"):
        return None  # a network's name, not a session id
    if part in _STRONG_PARTS or part.endswith(_STRONG_ENDINGS) and part not in _NOT_PASS:
        return "strong"
    if part.endswith("auth") and len(part) > 4:
        return "strong"  # masterauth, requireauth: a directive's password
    if part.endswith(_WEAK_ENDINGS):
        return "weak"
    return None


def _name_kind(name):
    """"strong", "weak" or None: what a value given to ``name`` is (DB_PASSWORD and requirepass
    strong, AccountKey weak, password_file and tokenizer none)."""
    bare = name.strip("\"'-")
    if any(word in bare for word in _SECRET_WORDS_ZH):
        return "strong"
    parts = [p.lower() for p in _NAME_PARTS_RE.findall(_USER_INFO_RE.sub("userinfo", bare))]
    for at in range(len(parts) - 1, -1, -1):
        kind = _part_kind(parts[at])
        if kind:
            if not all(p in _SECRET_SUFFIXES or p.isdigit() for p in parts[at + 1:]):
                return None
            if kind == "weak" and (at and parts[at - 1] in _NOT_SECRET_KEYS or any(
                    parts[at] == word + end for word in _NOT_SECRET_KEYS for end in ("key", "keys"))):
                return None  # recv-keys, public_key, Idempotency-Key, sitekey: not a secret
            if any(p in ("existing", "external", "ref", "from") for p in parts[:at]):
                return None  # existingSecret: my-db-secret names where the secret is
            for before in reversed(parts[:at]):  # SECRET_KEY, client_secret_key: strong
                if _part_kind(before) == "strong":
                    return "strong"
                if before not in _KEY_JOINERS and not _part_kind(before):
                    break
            return kind
    return None


def _counts_not_secrets(name, value):
    """max_tokens: 4096, prompt_tokens=1532: a number given to a token or key name is a count or
    an id (a password may be all digits)."""
    bare = name.lower()
    return value.strip("\"'").replace(".", "", 1).isdigit() and not any(w in bare for w in (
        "pass", "pwd", "pw", "pin", "secret")) and not any(w in name for w in ("密码", "口令"))


def _path_like(value):
    """Whether ``value`` is a path: most of its parts are plain lower-case words or numbers
    (a base64 secret with a slash has random parts)."""
    parts = [p for p in value.split("/") if p]
    plain = [p for p in parts if p.isdigit() or p.isalpha() and p.islower()]
    return len(plain) >= 2 and len(plain) * 2 >= len(parts)


def _bare_value(value):
    """A value without its quotes and an encoding label (Laravel's base64:...)."""
    plain = value.strip("\"'`“”「」")
    return plain[7:] if plain.startswith("base64:") else plain


# what a value that starts with a sigil must be to be a reference: $VAR, ${VAR}, $(cmd), %VAR%,
# %(name)s, <your token>, (...), [...], @var (a password may start with % or $: %l4zP*AVlm9)
_REFERENCE_RE = LazyRe(r"\$(?:\{|\(|[A-Z_][A-Z0-9_]*\b|[a-z_][a-z0-9_]*\b)|%[A-Za-z_][\w.]*%|"
                       r"%\(\w+\)[sdr]|<[^<>]*>?|\(|\[(?!\]\w)|@@?[A-Za-z_][\w.:]*(?:\(|\b)")
_CALL_LIKE_RE = LazyRe(r"[A-Za-z_][\w.]*\(|.*\)$")
_TEMPLATE_PART_RE = LazyRe(r"\{\w{1,40}\}|\$\{")
_LITERAL_IN_CALL_RE = LazyRe(r"([\"'`])([^\"'`]{4,200})\1")
_CONVERSION_RE = LazyRe(r"(?:\[\]byte|bytes|str|String|Buffer\.from|b|\w*encode|SecretStr|Hash::make|"
                        r"bcrypt|password_hash|make_password|generate_password_hash|hashpw|"
                        r"SecretKeySpec|new String)\(")


def _placeholder(value, name=""):
    """Whether ``value`` is a placeholder, an example, a reference or a type, not a secret."""
    plain = _bare_value(value)
    lowered = plain.lower()
    if len(plain) < 3 or set(lowered) <= set("*x.…-_#?<> ·•"):
        return True
    if plain.startswith("{") and contains_any(plain, ("get;", "set;", "return ", "=>")):
        return True  # a block of code (public string Password { get; set; })
    quoted_random = value[:1] in "\"'" and looks_random(plain)
    if plain[0] in "$%<(@[" and not quoted_random and _REFERENCE_RE.match(plain) or plain.startswith(
            ("{{", "{%", "{$")) or plain.endswith((
            "...", "…")) or _TEMPLATE_PART_RE.search(plain):
        return True  # (a template: token:refresh:{userId})
    if _CALL_LIKE_RE.match(plain) and not quoted_random:  # a call: os.getenv("X") is a reference, []byte("x") a value
        literal = _LITERAL_IN_CALL_RE.search(plain)
        return not (literal and _CONVERSION_RE.match(plain)) or _placeholder(literal.group(2), name)
    if lowered in _PLACEHOLDER_VALUES or lowered == name.strip("\"'-").lower():
        return True
    if any(word in lowered for word in _PLACEHOLDER_MARKS) or not looks_random(plain) and any(
            word in lowered for word in _PLACEHOLDER_WORDS):
        return True  # (a long random token may hold "here" by chance, never "example")
    if plain.startswith(("ENC(", "ENC[", "$ANSIBLE_VAULT", "vault:v1:", "AgB")) and len(plain) > 40 \
            or plain.startswith(("ENC(", "ENC[")):
        return True  # encrypted, safe to commit (jasypt, sops, ansible-vault, Vault, SealedSecret)
    if _SCHEME_RE.match(plain) and "@" not in plain:
        return True  # a reference to a secret store (op://vault/item, vault:kv/x, arn:...)
    if _YAML_TAG_RE.match(plain + " x") or _CMDLET_RE.fullmatch(plain):
        return True  # !secret wifi_password, !env_var X, !Ref X; Read-Host, Get-Credential
    if sum(c in "*•●xX" for c in plain) >= max(4, 0.5 * len(plain)):
        return True  # masked (ghp_****************, 12****89)
    if _ENV_NAME_RE.fullmatch(plain):
        return True  # the name of a variable that holds it (ANDROID_KEYSTORE_PASSWORD)
    if plain.startswith(("/", "./", "../", "~/", ".")) and any(c in plain[1:] for c in "/."):
        return True  # a file (.dvc/config.local, ~/.pgpass)
    if "/" in plain and _path_like(plain):
        return True  # a path (secret:prod/db/password, /run/secrets/db), not a password
    cjk = sum(len(run) for run in CJK_RUN_RE.findall(plain))
    if cjk * 2 >= len(plain) or cjk and not any(c.isascii() and c.isalnum() for c in plain):
        return True  # prose ("请填写数据库密码"), not a credential (数仓Sync2024 is one)
    # a reference to where the value lives (settings.API_KEY, os.environ["X"]) or another name
    # (password=db_password); a human password of plain letters is neither (mysecretpassword)
    if _IDENTIFIER_PATH_RE.fullmatch(plain) and not any(c.isdigit() for c in plain) and (
            "." in plain or "[" in plain or "_" in plain and _name_kind(plain)
            or _name_kind(plain) and plain[:1].islower() and any(c.isupper() for c in plain)):
        return True
    return False


def _credential_like(value):
    """A value written in prose ("my password is X", "密码是 X") that reads as a password: a digit
    or several kinds of characters, or quoted; not an ordinary word."""
    plain = value.strip("\"'`“”「」")
    if value[:1] in "\"'`“「" and len(plain) >= 4:
        return True
    return len(plain) >= 4 and (any(c.isdigit() for c in plain) or _classes(plain) >= 2 or any(
        not c.isalnum() for c in plain[1:]))


_DECODED_SECRET_RE = LazyRe(r"(?i)[\"']?(?:password|passwd|auth|token|secret)[\"']?\s*[:=]")
_ID_AFTER_RE = LazyRe(r"[ \t]*(?:ID|Id|id|编号|标识)\b")
_LABEL_WORD_RE = LazyRe(r"(?:[A-Za-z0-9]*[-_:])*[A-Za-z]{4,}[-_:]")
_LABELLED_BEFORE_RE = LazyRe(r"[\w\]\)\"'>-][ \t]*[:=：]{1,2}[ \t]*[\"'`]?$")
# labels that say a secret or nothing of what a value is: a run after them is still judged
_OPEN_LABEL_RE = LazyRe(r"(?:(?<![A-Za-z])|(?<=[a-z])(?=[A-Z]))(?i:value|token|cookie|secret|key|password|"
                        r"content|data)[\"']?[ \t]*[:=：]{1,2}"
                        r"[ \t]*[\"'`]?$")
_PREFIXED_RUN_RE = LazyRe(r"[A-Za-z]{2,12}[_-]")
_LABELLED_HEX_RE = LazyRe(r"(?:[A-Za-z][A-Za-z0-9]*[-_:]){1,4}(?:[0-9a-f]{16,}|[0-9A-F]{16,})"
                          r"(?:[-_][0-9A-Za-z]{1,8})?|[A-Z]{2,4}[0-9a-f]{24,40}")


def _labelled_id(value):
    """An id that names what it is, then a hex number (Library-Android-<sha256>, a Twilio SID
    MG..., UECC-Windows-<GUID>_0000, nodekey:<hex>): a label and a digest, not a credential (a
    vendor's short prefix and a hex body, dop_v1_<hex>, is a token)."""
    if not _LABELLED_HEX_RE.fullmatch(value) or value.lower().startswith(_TOKENISH_PREFIX):
        return False
    return bool(_LABEL_WORD_RE.match(value)) or value[:2].isupper() and value[:2].isalpha()


def _decodes_to_text(value):
    """Whether base64 ``value`` decodes to printable text that holds no secret's name (a build's
    JSON, a config's name): data, not a credential."""
    if len(value) % 4 == 1 or not value[:1].isalpha():
        return False
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=False).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return False
    decoded = decoded.replace("\n", " ").replace("\t", " ").replace("\r", " ")
    if _PREFIXED_RE.search(decoded) or looks_random(decoded.strip()):
        return False  # a token, base64'd (a Kubernetes secret's data)
    return decoded.isprintable() and not _DECODED_SECRET_RE.search(decoded) and (sum(
        c.isalpha() for c in decoded) >= 0.5 * len(decoded) or decoded[:1] in "{[" and sum(
        c.isalpha() for c in decoded) >= 0.3 * len(decoded))


def _passwordish(plain):
    """A person's password under a name that may hold other things (key: "1PBv&)=)M5ey4w#M",
    wireless.key='jinyu408#'): letters and digits and a symbol, no space, not a path, an
    address or words."""
    return (8 <= len(plain) <= 128 and " " not in plain and any(c.isdigit() for c in plain)
            and not _MAC_RE.fullmatch(plain)
            and any(c.isalpha() for c in plain) and any(not c.isalnum() and c not in "_-."
                                                        for c in plain)
            and not _SCHEME_RE.match(plain) and "/" not in plain and "@" not in plain[1:-1]
            and "\\" not in plain and not plain[1:2] == ":"
            and not _wordy(plain.strip("!#$%&*+=?^~")))


def _value_span(m):
    """(start, end) of a match's value without its quotes and a closing full stop."""
    start, end = m.span("value")
    text = m.group("value")
    if text[:1] in "\"'`“「{" and len(text) > 1 and text[-1:] in "\"'`”」}":
        if text.startswith('"\\"') and text.endswith('\\""') and len(text) > 6:
            return start + 3, end - 3  # a string inside a string ("\"secret\"")
        return start + 1, end - 1
    while end > start + 1 and text[end - start - 1] in ".:":
        end -= 1
    return start, end


def _line_start(text, at):
    """Whether only white space stands between the line's start and ``at``."""
    return not text[text.rfind("\n", 0, at) + 1:at].strip()


# a flag that names a secret (--password, -storepass), not a short flag with its value attached
# (mysql -pDevPass2026: that value is the password, and the word after it the database)
_FLAG_NAME_RE = LazyRe(r"-{1,2}[a-z][a-z0-9_-]+")
# a value that is itself NAME=... or NAME: ... (the next assignment, not a password that holds =)
_NEXT_ASSIGN_RE = LazyRe(r"(?:[a-z_][a-z_.]*|[A-Z_][A-Z0-9_.]*)[=:](?!=)")


def _assignment_ok(text, m, zh):
    name, sep, value = m.group("name"), m.group("sep"), m.group("value")
    kind = _name_kind(name)
    if kind is None or _placeholder(value, name) or _counts_not_secrets(name, value):
        return None
    if text[max(0, m.start("name") - 8):m.start("name")].lower().endswith(("public ", "public_")):
        return None
    if zh and any(w in m.group("between") for w in _NOT_SECRET_ZH):
        return None
    if sep == ":" and value.isalpha() and value.islower():
        return None  # a task of a namespace (rails credentials:edit), not a value
    if zh and m.group("between") and not sep.strip() and value[:1] not in "“「\"'":
        return None  # 凭证已经写进 X: words between and no 是 or ：, so X is not the secret
    word = sep.strip()
    if zh and name.isascii() and not m.group("between") and (not word or word.isascii()):
        return None  # an English word: _ASSIGN_RE judges it
    if not word:  # white space alone: a flag (--password X), a directive, a Chinese word, or
        # "pass X" in prose, with a value that has a digit or a symbol
        flag = name.startswith("-") and bool(_FLAG_NAME_RE.fullmatch(name))
        if not (zh or flag or _line_start(text, m.start("name"))
                or name in _SECRET_WORDS_ZH or _part_kind(name.lower()) == "strong"
                and name.lower().endswith(("pass", "password", "pwd", "passwd", "pw"))):
            return None
        quoted = value[:1] in "\"'“「"
        if value.startswith("-") or name[:1] in "\"'" or not quoted and _NEXT_ASSIGN_RE.match(
                value):
            return None  # --password-stdin, then another flag; another assignment
        plain = value.strip("\"'")
        if value[:1] not in "\"'“「" and (len(plain) < 6 or plain.isalpha()):
            return None
        if not zh and plain.isalpha() and _wordy(plain):
            return None  # a word after a word (a render pass 'ForwardLit'), not a password
    if (not word or word.rstrip(":：") in _PROSE_SEPARATORS) and not _credential_like(value):
        return None
    if kind == "weak" and not (looks_random(_bare_value(value), 12) or name.strip(
            "\"'").lower().endswith(("key", "keys")) and _passwordish(_bare_value(value))
            or _random_printable(_bare_value(value))):
        return None
    if kind == "weak" and name.strip("\"'-").lower() in ("key", "keys") and ":" in value:
        return None  # a message or cache key (order:ORD2024...), not a credential
    segments = value.strip("\"'").split(":")
    if len(segments) >= 2 and all(p.isdigit() or p.isalpha() for p in segments if p):
        return None  # a key's path (session:user:10086:web), not a credential
    if text[m.end("value"):m.end("value") + 1] in ("{", "$", "(", "["):
        return None  # the start of a template (token:refresh:{userId}) or a call (ENC(...))
    if kind == "weak" and _labelled_id(_bare_value(value)):
        return None  # a label and a digest (a cache key, a Twilio SID), not a credential
    return "password" if kind == "strong" else "secret"


def _hint_positions(text, words):
    """The sorted places where any of ``words`` occurs in ``text`` (any case): found by the
    string search in C, much faster than one alternation of them all."""
    lowered, found = text.lower(), set()
    if len(lowered) != len(text):
        lowered = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    for word in words:
        at = lowered.find(word)
        while at >= 0:
            found.add(at)
            at = lowered.find(word, at + 1)
    return sorted(found)


# a YAML block scalar: the value is on the next line, indented (password: >-\n    x)
_BLOCK_SCALAR_RE = LazyRe(r"(?P<name>[A-Za-z_][\w.\-]{0,80}):[ \t]*[|>][+-]?[ \t]*\n[ \t]+"
                          r"(?P<value>\S[^\n]{0,400}?)[ \t]*(?=\n|$)")


def _assignments(text, spans):
    """NAME SEP VALUE, tried at each name that holds a secret word's fragment (the start of the
    identifier around it, so `set DB_PASSWORD=x` and `-e POSTGRES_PASSWORD=x` are read at
    DB_PASSWORD), and at each Chinese secret word."""
    tried = set()
    for hint in _hint_positions(text, _NAME_HINTS):
        start = hint
        if text[hint].isascii():
            while start and text[start - 1].isascii() and (text[start - 1].isalnum()
                                                            or text[start - 1] in "_.-"):
                start -= 1
            if start and text[start - 1] in "\"'":
                start -= 1
        if start in tried:
            continue
        tried.add(start)
        # ($PWD:/work expands a variable; `$db_pass = 'x'` in PHP or PowerShell assigns one)
        sigil = start and text[start - 1] in "$%"
        block = _BLOCK_SCALAR_RE.match(text, start)
        if block and _name_kind(block.group("name")) == "strong" and not _placeholder(
                block.group("value")):
            spans.append(block.span("value") + ("password",))
            continue
        for pattern, zh in ((_ASSIGN_RE, False), (_ZH_ASSIGN_RE, True)):
            m = pattern.match(text, start if not zh else hint)
            if m and sigil and (zh or "=" not in m.group("sep") or "==" in m.group("sep")):
                continue
            kind = m and _assignment_ok(text, m, zh)
            if kind:
                spans.append(_value_span(m) + (kind,))
                break


def _named_values(text, spans):
    """Secrets in other notations of a name and its value: XML elements, function arguments
    (define('DB_PASSWORD', 'x')), SQL (IDENTIFIED BY 'x'), command lines."""
    lowered = text.lower()
    pairs = ((_XML_ELEMENT_RE, ("</",)), (_XML_NAMED_RE, ("name=", "key=")),
             (_CALL_PAIR_RE, ("',", '",')),
             (_KEY_VALUE_ATTR_RE, ("value=",)), (_PLIST_PAIR_RE, ("<key>",)),
             (_NAMED_FLAG_VALUE_RE, ("--name", "--key", "secret set", "--parameter-name")),
             (_JSON_KEY_VALUE_RE, ('"value"',)), (_NAME_THEN_VALUE_RE, ("value:",)))
    for pattern, hints in pairs:
        at = 0 if contains_any(lowered, hints) else len(text)
        while at < len(text):  # (a rejected pair is tried again one character on: "String", "X")
            m = pattern.search(text, at)
            if m is None:
                break
            kind = _name_kind(m.group("name"))
            value = m.group("value")
            if kind and not _placeholder(value, m.group("name")) and (
                    kind == "strong" or looks_random(value.strip("\"'"), 12)
                    or _random_printable(value.strip("\"'"))):
                spans.append(_value_span(m) + ("password",))
                at = m.end()
            else:
                at = m.start() + 1
    for m in _PAIRED_VALUE_RE.finditer(text) if "value" in lowered else ():
        if contains_any(m.group("stem").lower(), ("auth", "secret", "token", "pass", "cred", "sign")) \
                and not _placeholder(m.group("value")) and (
                looks_random(_bare_value(m.group("value")), 12) or _passwordish(
                    _bare_value(m.group("value")))):
            spans.append(_value_span(m) + ("secret",))
    passwords = zip((_SQL_PASSWORD_RE,) + _CLI_PASSWORD_RES + (_GO_DSN_RE, _PGPASS_RE, _KEY_FILE_RE),
                    _CLI_HINTS + (("@tcp(", "@unix("), (":",), ("cat ", "base64", "head", "type ", "content")))
    for kind, shapes in (("password", passwords), ("secret", _SECRET_SHAPES)):
        for pattern, hints in shapes:
            for m in pattern.finditer(text) if contains_any(lowered, hints) else ():
                if not _placeholder(m.group("value")) and not _MAC_RE.search(m.group(0)):
                    spans.append(_value_span(m) + (kind,))


def _http_credentials(text, spans):
    lowered = text.lower()
    for kind, pattern in (("authorization", _AUTHORIZATION_RE), ("bearer", _BEARER_RE)):
        for m in pattern.finditer(text) if kind in lowered else ():
            after = text[m.end("value"):m.end("value") + 200]
            if not _placeholder(m.group("value")) and not (kind == "authorization" and (
                    "${" in text[m.start("value") - 12:m.end("value")] or '="{' in after)):
                spans.append(m.span("value") + (kind,))  # (not a template: ${token}, ="{签名值}")
    for m in _COOKIE_RE.finditer(text) if "cookie" in lowered else ():
        base = m.start("pairs")
        for pair in _COOKIE_PAIR_RE.finditer(m.group("pairs")):
            name, value = pair.group("name"), pair.group("value")
            lowered = name.lower()
            sessiony = any(w in lowered for w in ("sess", "sid", "token", "auth", "remember", "jwt",
                                                  "login", "secret"))
            if (sessiony and len(value) >= 8 or looks_random(value)) and not _placeholder(value):
                spans.append((base + pair.start("value"), base + pair.end("value"), "cookie"))


def _token_split_ok(token):
    """A prefix, a separator and a random tail (hf_..., dop_v1_..., re_Gkg5...): one of the
    first three separators splits it so.  (A publishable key, pk_live_..., is public.)"""
    if _HASH_PREFIX_RE.match(token) or _UUID_RE.match(token) or token.startswith(_PUBLIC_KEYS):
        return False
    if not any(w in token[:12].lower() for w in _TOKENISH_PREFIX) and _labelled_id(token):
        return False  # a label and a hex number (UECC-Windows-<GUID>_0000)
    for m in itertools.islice(_TOKEN_SEPARATORS_RE.finditer(token), 3):
        prefix, tail = token[:m.start()], token[m.end():]
        bare = tail.replace("-", "").replace("_", "").replace(".", "")
        if len(bare) < 19 or not looks_random(bare, 19) or "." in tail:
            continue
        tokenish = any(w in prefix.lower() for w in _TOKENISH_PREFIX)
        if not tokenish and _HEX_RE.fullmatch(bare):
            continue  # an id with a prefix (ou_5ae2..., oc_eaa4...): hex says nothing secret
        if len(tail) >= 30 or tokenish or prefix.isalpha() and prefix.isupper() and len(tail) >= 24:
            return True  # (NRAK-..., PMAK-...: a vendor's capitals and a long tail)
    return False


def _urls(text, spans):
    for m in _QUERY_KEY_RE.finditer(text) if "=" in text else ():
        value = m.group("value")  # ?appid=<32 hex>, &api_key=...: a key in a query
        hex_key = _HEX_ANY_RE.fullmatch(value) and len(value) >= 32
        app_id = m.group(0)[1:4].lower() == "app"  # (an app id is public unless it is a hex key)
        if (hex_key or not app_id and looks_random(value, 16)) and not (
                _placeholder(value) or _labelled_id(value)):
            spans.append(m.span("value") + ("secret",))
    if "://" not in text:
        return
    for m in _USERINFO_RE.finditer(text):
        password, user = m.group(2), m.group(3)
        if password is not None and not _placeholder(password, "password"):
            spans.append(m.span(2) + ("url-password",))
        elif user and (looks_random(user, 20) or _PREFIXED_RE.match(user)):
            spans.append(m.span(3) + ("url-password",))
    for m in _WEBHOOK_URL_RE.finditer(text):
        at = m.start()
        for piece in m.group(0).split("/"):
            if len(piece) >= 16 and (looks_random(piece) or _UUID_RE.match(piece)):
                spans.append((at, at + len(piece), "webhook-token"))
            at += len(piece) + 1


def _says_private(encoded):
    """Whether base64 of a PEM block begins a private key (not a certificate, a public key)."""
    try:
        head = base64.b64decode(encoded[:48] + "=" * (-len(encoded[:48]) % 4)).decode("ascii",
                                                                                     "replace")
    except ValueError:
        return True
    return "PRIVATE" in head or "BEGIN" not in head


def _tokens(text, spans):
    """Tokens by their prefix or shape, read only in the runs long enough to hold one."""
    for run in _LONG_RUN_RE.finditer(text):
        start, end = run.span()
        for m in _PREFIXED_RE.finditer(text, start, end):
            kind = SECRET_PREFIXES[int(m.lastgroup[1:])][0]
            if m.group(0).startswith("LS0tLS1CRUdJTi") and not _says_private(m.group(0)):
                continue  # (the base64 of a certificate's or a public key's PEM block)
            if not _placeholder(m.group(0)):
                spans.append(m.span() + (kind,))
        for m in _TOKEN_SHAPE_RE.finditer(text, start, end):
            token = m.group(0).rstrip(".-")
            if _token_split_ok(token):
                spans.append((m.start(), m.start() + len(token), "token"))
        for m in _DOTTED_TOKEN_RE.finditer(text, start, end):
            parts = m.group(0).split(".")
            if looks_random(parts[0], 20) and looks_random(parts[-1], 20):
                spans.append(m.span() + ("token",))
        for m in _JWT_RE.finditer(text, start, end):
            spans.append(m.span() + ("jwt",))


def _names_no_secret(text, start, end):
    """Whether the secret word at text[start:end] is part of a longer name that holds no secret
    (--recv-keys, Idempotency-Key, api_key_id)."""
    while start and text[start - 1].isascii() and (text[start - 1].isalnum() or
                                                    text[start - 1] in "_-."):
        start -= 1
    while end < len(text) and text[end].isascii() and (text[end].isalnum() or text[end] in "_-"):
        end += 1
    name = text[start:end].strip("-._")
    return name.isascii() and len(_NAME_PARTS_RE.findall(name)) > 1 and not _name_kind(name)


def _random_near_words(text, spans):
    """A long random run within a short reach after a secret-sounding word, up to the end of its
    clause (hex and UUIDs count there: gitee 的私人令牌是 8d90...); a quoted random string
    anywhere."""
    for at in _hint_positions(text, _CONTEXT_HINTS):
        word = _SECRET_CONTEXT_RE.match(text, at)
        if word is None or _names_no_secret(text, word.start(), word.end()) or text[
                max(0, at - 8):at].lower().rstrip(" _-").endswith(("public", "pub", "公")):
            continue
        after = word.end()
        if _ID_AFTER_RE.match(text, after):
            continue  # "AccessKey ID 是 LTAI...": the key's id, not the key
        # a key or key id of hex (a GPG key, a node key) names no secret by itself
        weak = word.group(0).lower().rstrip("s") in ("key", "ak", "sk")
        aside = _ASIDE_RE.match(text, after)  # "Vercel token (scoped to the team): X"
        if aside:
            after = aside.end()
        reach = text[after:after + 64]
        stop = _REACH_END_RE.search(reach)
        reach = reach[:stop.start()] if stop else reach
        if contains_any(reach.lower(), _HASH_WORDS):
            continue
        # (a run that starts within the reach is read whole: a cut one would look random)
        for m in _RANDOM_RUN_RE.finditer(text[after:after + len(reach) + 400]):
            if m.start() >= len(reach):
                break
            value = m.group(0).rstrip(".,")
            if _HASH_PREFIX_RE.match(value) or "/" in value and _path_like(value) or contains_any(
                    text[after:after + m.start()].lower(), ("enc(", "enc[", "vault:")):
                continue  # (a path; a value encrypted for the config, ENC(...))
            if (looks_random(value) or _UUID_RE.match(value)) and not _placeholder(value) and not (
                    weak and (_HEX_ANY_RE.fullmatch(value) or _labelled_id(value))):
                at = after + m.start()
                spans.append((at, at + len(value), "token"))
        groups = _BASE32_GROUPS_RE.search(reach)
        if groups:  # a TOTP seed as an authenticator shows it, in groups of four
            spans.append((after + groups.start(), after + groups.end(), "token"))
    for m in _QUOTED_RUN_RE.finditer(text):
        group = "a" if m.group("a") else "b"
        value = m.group(group)
        before = text[max(0, m.start() - 3):m.start()].rstrip()
        if before.endswith((":", "=")) or _LABELED_RE.match(value):
            continue  # a value of a key (judged by its name) or a labeled one (nonce-..., sha256-)
        if (_classes(value) == 3 and _entropy(value) >= 4.2 and not _HASH_PREFIX_RE.match(value)
                and not _wordy(value) and not _decodes_to_text(value)):
            spans.append(m.span(group) + ("token",))


_TABLE_RULE_RE = LazyRe(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$")


def _table_cells(line):
    """[(cell text, its start)] of a Markdown table row."""
    cells, at = [], 0
    parts = line.split("|")
    for n, part in enumerate(parts):
        if 0 < n < len(parts) - 1 or part.strip():
            lead = len(part) - len(part.lstrip())
            cells.append((part.strip(), at + lead))
        at += len(part) + 1
    return cells


def _split_cells(line, delimiter):
    """[(cell text, its start)] of a CSV or tab-separated row (no quoting rules: a pasted row)."""
    cells, at = [], 0
    for part in line.split(delimiter):
        lead = len(part) - len(part.lstrip())
        cells.append((part.strip(), at + lead))
        at += len(part) + 1
    return cells


def _tables(text, spans):
    """A table with a password, token or secret column: that column's cells in every row below
    its header.  Markdown (| 系统 | 地址 | 账号 | 密码 |), CSV and tab-separated rows (a
    spreadsheet pasted, a device inventory exported) alike."""
    lines = text.split("\n")
    offsets = list(itertools.accumulate([0] + [len(line) + 1 for line in lines]))
    for n, header in enumerate(lines[:-1]):
        delimiter = "|" if header.count("|") >= 2 else "\t" if "\t" in header else \
            "," if header.count(",") >= 2 else None
        if delimiter is None or len(header) > 1000:
            continue
        cells = _table_cells(header) if delimiter == "|" else _split_cells(header, delimiter)
        if n and delimiter in lines[n - 1] and not (
                delimiter == "|" and _TABLE_RULE_RE.match(lines[n + 1])) and (
                delimiter == "|" or lines[n - 1].count(delimiter) == header.count(delimiter)):
            continue  # (a header is a table's first row: not a row of the same width)
        names = [cell for cell, _ in cells]
        columns = [i for i, (cell, _) in enumerate(cells)
                   if cell and len(cell.split()) <= 3 and len(cell) <= 24 and not contains_any(
                       cell, ("，", "。", "：")) and _name_kind(cell.replace(" ", "_")) == "strong"]
        if not columns or len(cells) < 3 or any(len(cell) > 40 for cell, _ in cells):
            continue
        first = n + 1
        if delimiter == "|" and _TABLE_RULE_RE.match(lines[first]):
            first += 1
        for row in range(first, len(lines)):
            if delimiter not in lines[row]:
                break
            cells = _table_cells(lines[row]) if delimiter == "|" else _split_cells(
                lines[row], delimiter)
            if abs(len(cells) - len(_split_cells(header, delimiter) if delimiter != "|" else
                                     _table_cells(header))) > 1:
                break
            for i in columns:
                if i < len(cells) and cells[i][0] and not _placeholder(cells[i][0]) and not \
                        _counts_not_secrets(names[i], cells[i][0]):
                    start = offsets[row] + cells[i][1]
                    spans.append((start, start + len(cells[i][0]), "password"))


_INSERT_RE = LazyRe(r"(?is)\binsert\s+into\s+\S+\s*\((?P<columns>[^()]{1,2000})\)\s*values\s*"
                   r"(?P<rows>(?:\([^()]*\)\s*,?\s*){1,500})")
_SQL_ROW_RE = LazyRe(r"\((?P<row>[^()]*)\)")
_SQL_FIELD_RE = LazyRe(r"\s*(?:'(?P<q>(?:[^'\\]|\\.|'')*)'|(?P<p>[^,]*?))\s*(?:,|$)")


def _sql_inserts(text, spans):
    """INSERT INTO t (id, username, password) VALUES (...), (...): the values of a password or
    secret column in every row (a dump of a table that kept passwords in clear)."""
    for m in _INSERT_RE.finditer(text) if "insert" in text.lower() else ():
        columns = [c.strip().strip("`\"[]") for c in m.group("columns").split(",")]
        wanted = [i for i, c in enumerate(columns) if _name_kind(c) is not None
                  and not c.lower().endswith(("_hash", "hash", "_digest"))]
        if not wanted:
            continue
        base = m.start("rows")
        for row in _SQL_ROW_RE.finditer(m.group("rows")):
            at = base + row.start("row")
            for n, field in enumerate(_SQL_FIELD_RE.finditer(row.group("row"))):
                if n in wanted and field.group("q"):
                    value = field.group("q")
                    if not _placeholder(value) and (_name_kind(columns[n]) == "strong" or looks_random(
                            value, 12) or _passwordish(value)):
                        spans.append((at + field.start("q"), at + field.end("q"), "password"))
                if not field.group(0):
                    break


# a long machine-made run standing alone: 32 or more characters of all three kinds (capitals,
# small letters, digits), high entropy, not hex (hashes), not a UUID, not words; unless what
# labels it says it is public or a digest, or it decodes to plain text (data, not a key)
_LONG_RANDOM_RE = LazyRe(r"(?<![\w+/=%.\-])[A-Za-z0-9][A-Za-z0-9+/_\-]{31,}={0,2}(?![\w+/=%\-])")
_PUBLIC_LABELS = ("enc(", "enc[", "data:", "vault:", "certificate", "x509", "public", "pubkey", "pub key", "address", "addr", "fingerprint", "digest",
                  "hash", "checksum", "sha1", "sha256", "sha384", "sha512", "integrity", "nonce",
                  "cid", "ipfs", "commit", "revision", "etag", "request", "trace", "span",
                  "correlation", "session id", "video", "file key", "base64,", "公钥", "地址",
                  "指纹", "哈希", "摘要", "校验")


def _random_runs(text, spans):
    """Long random runs anywhere (a token pasted with no name beside it)."""
    for m in _LONG_RANDOM_RE.finditer(text) if _LONG_RUN_RE.search(text) else ():
        value = m.group(0)
        core = value.rstrip("=")
        if _classes(core) < 3 or not looks_random(core, 32) or _labelled_id(core):
            continue
        before = text[max(0, text.rfind("\n", 0, m.start()) + 1, m.start() - 60):m.start()].lower()
        if contains_any(before, _PUBLIC_LABELS) or text[m.start() - 1:m.start()] in ("/", "?", "$"):
            continue  # (a digest, an address, a public key; a path, a URL's or a hash's part)
        raw_before = text[max(0, m.start() - 60):m.start()]
        if _LABELLED_BEFORE_RE.search(before) and not _OPEN_LABEL_RE.search(raw_before) or \
                _PREFIXED_RUN_RE.match(value):
            continue  # a named value (its name judges it) or a prefixed one (its shape does)
        if _placeholder(value) or _decodes_to_text(value) or _HASH_PREFIX_RE.match(value):
            continue
        spans.append(m.span() + ("token",))


def _might_hold_secret(text):
    """The quick look before the detectors: a hint word, or a run long enough to be a token."""
    return contains_any(text.lower(), _SECRET_HINTS) or bool(_LONG_RUN_RE.search(text))


# a password told in a sentence, some words after its secret word ("the temp password for the
# new jumpbox is Summer2024!", "root pw on the NAS is still 'x'", "邮箱密码 ... 应该是 x 或者 y")
_PROSE_SECRET_RE = LazyRe(
    r"(?i)\b(?:password|passwd|passphrase|passcode|pw|pwd)\b(?:[ \t]+[^\s:=.,;!?]{1,20}){0,6}?"
    r"[ \t]+(?:is|was|=)(?:[ \t]+(?:still|now|just|probably|either))?[ \t]+"
    r"(?P<value>'[^'\n]{3,80}'|\"[^\"\n]{3,80}\"|[^\s'\"，。]{4,80})")
_PROSE_SECRET_ZH_RE = LazyRe(
    r"(?:密码|口令|授权码|密钥)[^\n。；]{0,16}?(?:(?<!不)是(?!不|否)|为|應該是|应该是)[ \t]*"
    r"(?P<value>[A-Za-z0-9!@#$%^&*_.+\-]{4,80})(?:[ \t]*(?:或者|或|还是)[ \t]*"
    r"(?P<other>[A-Za-z0-9!@#$%^&*_.+\-]{4,80}))?")
# a user and a password given together ("log in as qa_tester / Qa-Test-0315", "login is admin /
# Welcome2024!", "账号 admin 密码 x" is the assignment rule's)
_LOGIN_PAIR_RE = LazyRe(r"(?i)(?:\b(?:log(?:ging|ged)? ?in(?:to)?|sign(?:ing|ed)? ?in(?:to)?|login|"
                        r"credentials?|account)\b|账号|帐号|用户名|登录名)[^\n/]{0,40}?"
                        r"(?:\b(?:as|is)|:)?[ \t]+[\w.@\-]{2,40}[ \t]*/[ \t]*"
                        r"(?P<value>[^\s，。；、）)]{4,80})")
_BASE64_RUN_RE = LazyRe(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{40,}={0,2}(?![A-Za-z0-9+/=])")


_KEYISH_BEFORE_RE = LazyRe(r"(?i)(?:key|secret|seed|keypair)[\w\-]*[\"']?[ \t]*[:=][ \t]*$")
_LIST_VALUE_RE = LazyRe(r"(?i)\b[\w.\-]*(?:passwords?|secrets|tokens)[\"']?\s*[:=]\s*\[(?P<items>[^\]\n]{1,400})\]")
_QUOTED_ITEM_RE = LazyRe(r"([\"'])(?P<value>[^\"'\n]{3,200})\1")


# an access key id of a known shape, then its secret on the same line (AcsClient('LTAI...',
# 'SECRET'), a credentials.csv row, a console screenshot's "AKIA...   SECRET")
_KEY_ID_THEN_SECRET_RE = LazyRe(
    r"(?<![A-Za-z0-9])(?:AKIA|ASIA|LTAI|AKID)[A-Za-z0-9]{12,32}(?![A-Za-z0-9])|"
    r"(?<![A-Za-z0-9])(?=[A-Z0-9]{20}(?![A-Za-z0-9]))(?=(?:[A-Z]*[0-9]){3})(?=(?:[0-9]*[A-Z]){8})"
    r"[A-Z0-9]{20}")
_SECRET_AFTER_ID_RE = LazyRe(r"[ \t,'\"]{1,12}(?P<value>[A-Za-z0-9+/=\-_]{24,64})(?![A-Za-z0-9+/=])")


def _more_shapes(text, spans):
    """Secrets in sentences, user/password pairs, key pairs on command lines, calls, and
    base64 blobs that decode to credentials (a Kubernetes secret, a Docker config)."""
    lowered = text.lower()
    if contains_any(lowered, ("password", "passwd", "passphrase", "passcode", "pw")):
        for m in _PROSE_SECRET_RE.finditer(text):
            value = m.group("value").strip("'\"").rstrip(",;)")
            if not _placeholder(value, "password") and (_credential_like(value) or m.group(
                    "value")[:1] in "'\""):
                start, end = _value_span(m)
                spans.append((start, start + len(text[start:end].rstrip(",;)")), "password"))
    if contains_any(text, ("密码", "口令", "授权码", "密钥")):
        for m in _PROSE_SECRET_ZH_RE.finditer(text):
            for group in ("value", "other"):
                if m.group(group) and not _placeholder(m.group(group), "password"):
                    spans.append(m.span(group) + ("password",))
    for m in _LOGIN_PAIR_RE.finditer(text) if contains_any(lowered, (
            "log", "sign", "cred", "account", "账号", "帐号", "用户名", "登录名")) else ():
        if _credential_like(m.group("value")) and not _placeholder(m.group("value"), "password"):
            spans.append(m.span("value") + ("password",))
    for m in _KEY_ID_THEN_SECRET_RE.finditer(text):
        after = _SECRET_AFTER_ID_RE.match(text, m.end())
        if after and looks_random(after.group("value"), 24):
            spans.append(after.span("value") + ("secret",))
    for m in _LIST_VALUE_RE.finditer(text):
        for item in _QUOTED_ITEM_RE.finditer(m.group("items")):
            if not _placeholder(item.group("value"), "password"):
                at = m.start("items")
                spans.append((at + item.start("value"), at + item.end("value"), "password"))
    for m in _SEED_LABEL_RE.finditer(text) if contains_any(lowered, (
            "phrase", "mnemonic", "words", "助记词")) else ():
        words = _SEED_WORDS_RE.match(text, m.end())
        if words:
            spans.append(words.span("value") + ("seed-phrase",))
    for m in _BYTE_LIST_RE.finditer(text) if "[" in text else ():
        numbers = [int(n) for n in m.group(0).strip("[] \t").split(",")]
        named = _KEYISH_BEFORE_RE.search(text[max(0, m.start() - 40):m.start()])
        if all(n <= 255 for n in numbers) and (len(numbers) in (32, 64) or named):
            spans.append(m.span() + ("private-key",))
    for m in _BASE64_RUN_RE.finditer(text):
        try:
            decoded = base64.b64decode(m.group(0) + "=" * (-len(m.group(0)) % 4)).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            continue
        if decoded.isprintable() and _DECODED_SECRET_RE.search(decoded):
            spans.append(m.span() + ("secret",))


_ESCAPE_RE = LazyRe(r"\\([\"'ntr/])")
_UNESCAPED = {"n": "\n", "t": "\t", "r": "\r"}


def _unescaped(text):
    """(the text with its string escapes undone: \\" ' \\n \\t \\r \\/, a function that maps a
    place in it back to the text), or (text, None) when it has none."""
    if "\\" not in text:
        return text, None
    cuts, out, at = [], [], 0
    for m in _ESCAPE_RE.finditer(text):
        out += [text[at:m.start()], _UNESCAPED.get(m.group(1), m.group(1))]
        cuts.append(m.start() - len(cuts))  # the view's place of each undone escape
        at = m.end()
    if not cuts:
        return text, None
    out.append(text[at:])

    def back(place):
        return place + bisect.bisect_right(cuts, place - 1) if place else 0
    return "".join(out), back


_PUBLIC_BLOCK_RE = LazyRe(r"-----BEGIN (?:[A-Z0-9 ]*PUBLIC KEY|CERTIFICATE(?: REQUEST)?|"
                          r"PGP PUBLIC KEY BLOCK|PGP SIGNATURE|SSH2 PUBLIC KEY)-----[\s\S]*?"
                          r"(?:-----END [A-Z0-9 ]+-----|\Z)")
_SSH_PUBLIC_RE = LazyRe(r"\b(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh"
                        r"\.com|sk-ecdsa-sha2-nistp256@openssh\.com)\s+AAAA[A-Za-z0-9+/=]+")


def _public_blocks(text):
    """Where public material stands: a public key's or a certificate's PEM block, an SSH public
    key line.  Nothing in them is a secret."""
    if "-----BEGIN" not in text and "AAAA" not in text:
        return []
    return [m.span() for pattern in (_PUBLIC_BLOCK_RE, _SSH_PUBLIC_RE)
            for m in pattern.finditer(text)]


# a command line's user flag, and its password flag (mosquitto_pub -u x -P y, ipmitool -U x -P y,
# xfreerdp /u:x /p:y, sqlcmd -U x -P y): the password flag's value is the password whatever the
# program (a port is a number)
_USER_FLAG_RE = LazyRe(r"(?:^|\s)(?:-u|-U|--user(?:name)?|-user(?:name)?|--login|/u|/user|-l)"
                       r"(?:[ =]|(?<=/u)(?=:)|(?<=/user)(?=:))")
_PASS_FLAG_RE = LazyRe(r"(?:^|\s)(?:-p|-P|-pw|--pw|--pass(?:word)?|-pass(?:word)?|/p|/pass(?:word)?)"
                       r"(?:[ =]|:(?=\S))(?P<value>'[^'\n]+'|\"[^\"\n]+\"|[^\s'\"]\S*)")
_PORTISH_RE = LazyRe(r"[\d.:/\-]+(?:tcp|udp)?")
# a long random argument of a command given as a secret's flag or after a login-like verb
# (influx -t TOKEN, ngrok config add-authtoken TOKEN, cloudflared service install TOKEN,
# wandb login KEY, steamcmd +login USER PASSWORD)
_SECRET_ARG_RE = LazyRe(
    r"(?:(?:^|\s)(?:-t|-k|-s|--token|--key|--secret|--api-key|--apikey|--auth|--password)[ =]|"
    r"\b(?:login|add-authtoken|authtoken|install|auth|activate|register)[ \t]+)"
    r"(?P<value>[A-Za-z0-9+/=_\-.]{20,})(?=\s|$)")
_PLUS_LOGIN_RE = LazyRe(r"\+login\s+\S+\s+(?P<value>[^\s+]\S*)")


def _lines(text):
    """(start, line) of each line."""
    at = 0
    for line in text.split("\n"):
        yield at, line
        at += len(line) + 1


def _command_lines(text, spans):
    """Passwords and tokens on command lines by their flags, whatever the program."""
    lowered = text.lower()
    if contains_any(text, (" -u", " -U", "--user", "/u:", "-user", "--login", " -l")):
        for line_start, line in _lines(text):
            if not _USER_FLAG_RE.search(line):
                continue
            for m in _PASS_FLAG_RE.finditer(line):
                value = m.group("value")
                plain = value.strip("\"'")
                if _PORTISH_RE.fullmatch(plain) or plain.startswith("-") or _placeholder(value):
                    continue
                # (mysql -u x -p shop: a lone -p asks for the password; shop is the database)
                lone_p = m.group(0).strip().startswith("-p ")
                if value[:1] in "\"'" or (_passwordish(plain) or looks_random(plain, 12)) if lone_p \
                        else _credential_like(value) or value[:1] in "\"'":
                    start, end = _value_span(m)
                    spans.append((line_start + start, line_start + end, "password"))
    for m in _SECRET_ARG_RE.finditer(text) if contains_any(lowered, (
            " -t", " -k", " -s", "--", "login", "auth", "install", "activate", "register")) else ():
        value = m.group("value")
        if (looks_random(value, 20) or _classes(value) == 3 and len(value) >= 24) and not (
                _placeholder(value) or _labelled_id(value)):
            spans.append(m.span("value") + ("token",))
    for m in _PLUS_LOGIN_RE.finditer(text) if "+login" in lowered else ():
        if _credential_like(m.group("value")) and not _placeholder(m.group("value")):
            spans.append(m.span("value") + ("password",))


# a line that is only a label of a secret (an OCR'd console dialog's "AccessKey Secret", an
# expect script's `expect "password:"`, "GitHub 的恢复码（备用验证码）："), then the value(s) on
# the lines after it
_LABEL_LINE_RE = LazyRe(
    r"(?i)^[ \t>#*-]*(?:expect\s+[\"']?[^\n\"']{0,20})?(?:[\w .'/-]{0,30}?(?:secret(?: access)?(?: key)?|"
    r"password|passphrase|passwd|pass ?word|token|api[ _-]?key|access ?key ?secret|private key|"
    r"recovery codes?|backup codes?|seed phrase|recovery phrase|mnemonic)|[^\n]{0,24}?(?:密码|口令|密钥|"
    r"秘钥|私钥|令牌|恢复码|备用码|备用验证码|助记词|提取码|授权码)[^\n:：]{0,10}[:：]?|"
    r"[\w.-]{0,30}(?:recovery|backup)[-_ ]codes?[\w.-]{0,12}[^\n]{0,60}?)[ \t:：)）】」\"'*#>(（]{0,8}$")
_LABEL_VALUE_RE = LazyRe(r"^[ \t]*(?:\d{1,2}[.)][ \t]*)?(?:send\s+)?(?P<value>\"[^\"\n]{3,200}\"|"
                         r"'[^'\n]{3,200}'|[^\s\"']{3,200})[ \t]*(?:复制|copy|\[copy\])?[ \t]*$")
_CODE_LINE_RE = LazyRe(r"^[ \t]*(?:\d{1,2}[.)][ \t]*)?(?P<value>[A-Za-z0-9]{3,10}(?:[ -][A-Za-z0-9]"
                       r"{3,10}){0,7})(?:[ \t]{2,}\d{1,2}[.)][ \t]*[A-Za-z0-9]{3,10}(?:[ -][A-Za-z0-9]"
                       r"{3,10}){0,3})*[ \t]*$")
_PROMPT_LINE_RE = LazyRe(r"(?i)^[ \t]*(?:\$|#|>|PS [^>]{0,60}>|[\w.@\-]{1,40}[:~][^$#\n]{0,60}[$#])"
                         r"[ \t]*\S[^\n]*(?:password|passwd|secret|token|api-key|apikey)")
LABEL_VALUES_MAX = 24  # lines after a label read as its values (a seed phrase's 24 words)


def _after_labels(text, spans):
    """The value on the line after a line that only labels a secret; for a list of codes or
    words (recovery codes, a seed phrase), each line of the list."""
    lines = list(_lines(text))
    for n, (_, line) in enumerate(lines[:-1]):
        if len(line) > 80 or not (_LABEL_LINE_RE.match(line) or _PROMPT_LINE_RE.match(line)):
            continue
        listing = contains_any(line.lower(), ("code", "phrase", "mnemonic", "恢复码", "备用", "助记词"))
        after = lines[n + 1:n + 2 + (LABEL_VALUES_MAX if listing else 1)]
        if after and not after[0][1].strip():
            after = after[1:]  # (one blank line between the label and its values)
        for start, following in after[:LABEL_VALUES_MAX if listing else 1]:
            m = (_CODE_LINE_RE if listing else _LABEL_VALUE_RE).match(following) or (
                _BASE32_GROUPS_RE.fullmatch(following.strip()) and _CODE_LINE_RE.match(following))
            if m is None:
                break
            value = m.group("value")
            plain = value.strip("\"'")
            if _placeholder(value) or _labelled_id(plain) or plain.endswith((":", "：")) or (
                    _NEXT_ASSIGN_RE.match(plain)) or (
                    not listing and not (plain.isascii() and (_credential_like(value) or
                                                              looks_random(plain, 12)))):
                break
            a, b = (_value_span(m) if not listing else m.span("value"))
            spans.append((start + a, start + b, "password"))


def scrub(text):
    """Replace secrets in text with [REDACTED:kind]; return (text, {kind: count}): <private>
    blocks, private keys, tokens by their prefix or shape, JWTs, URL passwords, values of
    secret-sounding names in any notation and either language, command-line passwords, HTTP
    credentials and session cookies, random tokens after a secret word (README: "What is
    scrubbed").  Scrubbing scrubbed text changes nothing."""
    found = {}
    if not text or not isinstance(text, str) or not _might_hold_secret(text):
        return text, found
    if "<" in text:
        text = _strip_private(text, found)
    # the detectors read the text with its string escapes undone (a password inside a JSON string
    # inside a log line, -DWIFI_PASS=\"x\", a key with \n in a JSON file); spans map back
    view, back = _unescaped(text)
    spans = [m.span() + ("private-key",) for m in _PRIVATE_KEY_RE.finditer(view)]
    _tokens(view, spans)
    if contains_any(view.lower(), _SECRET_HINTS):
        _urls(view, spans)
        _assignments(view, spans)
        _named_values(view, spans)
        _http_credentials(view, spans)
        _random_near_words(view, spans)
        _more_shapes(view, spans)
        _command_lines(view, spans)
        _after_labels(view, spans)
        _tables(view, spans)
        _sql_inserts(view, spans)
    _random_runs(view, spans)
    # (nothing public: a public key's DER, a publishable key, a JSON Web Key's members, what a
    # public key or certificate block holds)
    jwk = '"kty"' in view
    public = _public_blocks(view)
    spans = [sp for sp in spans if not view[sp[0]:sp[1]].startswith(_PUBLIC_KEYS)
             and not (jwk and sp[2] == "token")
             and not any(a <= sp[0] and sp[1] <= b for a, b in public)]
    if back is not None:
        spans = [(back(a), back(b), kind) for a, b, kind in spans]
    if not spans:
        return text, found
    done = [m.span() for m in _REDACTED_RE.finditer(text)]
    merged = []
    for start, end, kind in sorted(spans):
        if end <= start or any(a < end and start < b for a, b in done):
            continue
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end, kind])
    out, at = [], 0
    for start, end, kind in merged:
        out += [text[at:start], "[REDACTED:%s]" % kind]
        found[kind] = found.get(kind, 0) + 1
        at = end
    out.append(text[at:])
    return "".join(out), found


def scrub_record(record):
    """Scrub every text field (and list of texts) of a record in place; returns (record, {kind:
    count}).  One look for a hint over the whole record first: most records hold no secret."""
    found = {}
    texts = [v for v in record.values() if isinstance(v, str)]
    texts += [
        item for v in record.values() if isinstance(v, list) for item in v if isinstance(item, str)]
    if not _might_hold_secret("\n".join(texts)):
        return record, found
    for name, value in record.items():
        if isinstance(value, str):
            record[name], kinds = scrub(value)
        elif isinstance(value, list) and value and isinstance(value[0], str):
            if not _might_hold_secret("\n".join(v for v in value if isinstance(v, str))):
                continue  # (one look for the list: most key points hold nothing)
            cleaned, kinds = [], {}
            for item in value:
                item, item_kinds = scrub(item)
                cleaned.append(item)
                for kind, n in item_kinds.items():
                    kinds[kind] = kinds.get(kind, 0) + n
            record[name] = cleaned
        else:
            continue
        for kind, n in kinds.items():
            found[kind] = found.get(kind, 0) + n
    return record, found
