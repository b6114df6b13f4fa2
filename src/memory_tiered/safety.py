"""What no text passes unchecked besides its secrets (scrubbing.py): instructions to a model
flagged, stored text printed inert, host-injected text told from the user's words, regular files
read with a bound.

Uses: base, text, scrubbing.
"""

import os

from .base import LazyRe, NotFoundError, ValidationError
from .text import short
from .scrubbing import contains_any


# Text that reads as instructions to a model rather than as a memory (OWASP: memory and context
# poisoning).  Each entry: (reason, pattern); matched case-insensitively on whitespace-folded text.
_INSTRUCTION_PATTERNS = (
    ("override",
     r"\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:all\s+|any\s+|the\s+|your\s+|"
     r"every\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|"
     r"former|existing|original|system|safety|developer)\s+(?:instructions?|prompts?|rules|"
     r"directives|guidelines|messages?|context|constraints)"),
    ("override",
     r"\b(?:ignore|disregard|forget)\s+(?:everything|all)\s+(?:you\s+were\s+told|above|before|"
     r"previously\s+said|prior)"),
    ("override", r"\bnew\s+(?:system\s+)?instructions?\s*:"),
    ("override",
     r"\b(?:from\s+now\s+on|henceforth),?\s+(?:you|always|never|ignore|respond|answer|act)\b"),
    ("role",
     r"\byou\s+are\s+now\s+(?:(?:an?|the|my)\s+\w+|(?-i:[A-Z]{2,})\b|(?:in|"
     r"entering)\s+\w+\s+mode)"),
    ("role",
     r"\b(?:act|behave)\s+as\s+(?:if\s+you\s+(?:are|were)\s+)?(?:an?\s+)?(?:unrestricted|"
     r"unfiltered|jailbroken|evil|different|new)\b"),
    ("role", r"\b(?:developer|god|dan|jailbreak)\s+mode\b"),
    ("role",
     r"(?:^|\s)(?:system|assistant|developer)\s*:\s*(?:you|ignore|always|never|from|the\s+user)\b"),
    ("role",
     r"<\|?(?:im_start|im_end|system|endoftext)\|?>|\[/?INST\]|<</?SYS>>|</?(?:system|assistant)>"),
    ("exfiltrate", r"\b(?:reveal|print|show|output|repeat|leak|send)\s+(?:me\s+)?(?:your|the)\s+"
     r"(?:system\s+prompt|hidden\s+instructions|instructions\s+above|api\s+keys?|secrets?|"
     r"credentials|environment\s+variables)"),
    ("exfiltrate",
     r"\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention\s+(?:this\s+)?to|alert)\s+the\s+user\b"),
    ("tool-call",
     r"<\s*/?\s*(?:tool_call|function_calls?|invoke|antml:invoke|tool_use)\b|\"tool_use\"|"
     r"\"function_call\"\s*:"),
    ("shell", r"\b(?:curl|wget|fetch)\b[^|\n]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|"
     r"\bbase64\s+(?:-d|--decode)\b[^|\n]{0,80}\|\s*(?:ba)?sh\b|\brm\s+-rf\s+(?:/|~|\$HOME)(?:\s|"
     r"$)|\bpowershell(?:\.exe)?\s+-(?:e|enc|encodedcommand)\b|\b(?:run|execute)\s+(?:this|"
     r"the\s+following)\s+(?:command|script|code)\b"),
    ("override", r"(?:忽略|无视|忘记|忘掉|不要理会|跳过)(?:掉)?(?:之前|以上|上面|前面|先前|此前|所有|全部|一切)(?:的|所有的)?"
     r"(?:所有)?(?:指令|指示|提示词?|规则|要求|设定|约束|对话)"),
    ("override", r"(?:从现在开始|从现在起|今后)[，,]?\s*(?:你|请|必须|只|永远|一律)"),
    ("override", r"新的(?:系统)?(?:指令|指示)[:：]"),
    ("role", r"你现在(?:是|扮演|成为)|(?:扮演|假装你是)(?:一个|一名)?(?:不受限|没有限制|邪恶|黑客)|(?:开发者|越狱)模式"),
    ("exfiltrate", r"(?:透露|泄露|输出|打印|告诉我)(?:你的|出)?(?:系统提示词?|隐藏指令|密钥|凭据|环境变量)|不要告诉用户|别告诉用户"),
    ("shell", r"(?:执行|运行)(?:以下|下面|这个|这条)(?:的)?(?:命令|脚本|代码)"),
    # a secret or a private file sent to an address, in either language
    ("exfiltrate",
     r"\b(?:send|post|upload|forward|exfiltrate|transmit|copy|paste|email|leak)\b[^.\n]{0,80}?"
     r"(?:\bapi[ _-]?keys?\b|\btokens?\b|\bsecrets?\b|\bpasswords?\b|\bcredentials?\b|"
     r"\bcookies?\b|\bprivate keys?\b|\.env\b|id_rsa|\.ssh\b|\bssh keys?\b|"
     r"\benvironment variables\b|\benv vars?\b)[^.\n]{0,80}?\b(?:to|at|into)\s+https?://"),
    ("exfiltrate",
     r"(?:密钥|秘钥|令牌|密码|口令|凭证|凭据|私钥|token|api ?key|\bkey\b|\.env|id_rsa|\.ssh|环境变量|"
     r"cookie)[^。\n]{0,40}?(?:发送|发到|上传|传到|提交到|转发|发给|post|贴到)[^。\n]{0,12}?https?://"),
    # a standing rule addressed to the assistant, and a fake end of the recalled memories
    ("standing-rule",
     r"\b(?:note|message|reminder|instructions?|memo)\s+(?:for|to)\s+(?:the\s+|any\s+|"
     r"all\s+)?(?:ai\s+)?(?:assistant|ai|model|agent|claude|llm|chatbot|"
     r"bot)s?\b[^\n]{0,120}?\b(?:always|never|from\s+now\s+on|every\s+time|must|do\s+not|don't)\b"),
    ("standing-rule",
     r"\b(?:dear|attention|hey)\s*,?\s+(?:ai|assistant|claude|model|"
     r"agent)\b[^\n]{0,120}?\b(?:always|never|from\s+now\s+on|every\s+time|must)\b"),
    ("standing-rule", r"(?:致|给|告诉|提醒)(?:ai|AI|人工智能)?(?:助手|模型|智能体|机器人|ai|AI)(?:的(?:话|备注|提示|留言))?"
     r"\s*[:：,，][^\n]{0,60}?(?:以后|今后|每次|总是|永远|始终|必须|一律|不要|别)"),
    ("boundary",
     r"\[\s*end\s+of\s+(?:the\s+)?(?:recalled\s+)?memor(?:y|ies)\s*\]|\(\s*end\s+of\s+recalled\s+"
     r"memories\s*\)|</\s*(?:recalled[-_ "
     r"]?)?memor(?:y|ies)\s*>|(?:记忆|回忆)(?:内容)?(?:结束|到此为止)[\]）)】]"),
)


# Characters that look like Latin letters (Cyrillic, Greek) folded before flagging, with Unicode
# NFKC (fullwidth letters, ligatures) and the removal of zero-width and other format characters.
_LOOK_ALIKES = str.maketrans("аеорсухіјѕԁɡοαεικνρτυАЕОРСХІЈЅВНКМТ"
                             "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧօսցհոɪɢɴᴏʀᴇᴀᴄᴅʜᴊᴋʟᴍᴘꜱᴛᴜᴠᴡʏᴢ",
                             "aeopcyxijsdgoaeikvptuAEOPCXIJSBHKMT"
                             "ABEZHIKMNOPTYXougbnignoreacdhjklmpstuvwyz")


# Unicode's format characters (category Cf, as of Unicode 15.1: zero-width spaces and joiners,
# bidirectional marks, soft hyphens, tag characters); a test checks them against unicodedata.
_FORMAT_CHARS_RE = LazyRe(
    "[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e\u200b-\u200f"
    "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001"
    "\U000e0020-\U000e007f"
    # and the other default-ignorable characters that render as nothing (combining grapheme
    # joiner, Hangul fillers, variation selectors)
    "\u034f\u17b4\u17b5\u180b-\u180d\ufe00-\ufe0f\U000e0100-\U000e01ef]")
_FILLERS = {0x115F: " ", 0x1160: " ", 0x3164: " ", 0xFFA0: " "}  # Hangul fillers: blank spaces
_ACCENTED_RE = LazyRe("[\u00c0-\u024f\u0300-\u036f\u1e00-\u1eff]")  # Latin with marks
_ROLE_MARKER_RE = LazyRe(r"<\s*\|\s*([A-Za-z_]+)\s*\|\s*>")
# terminal escape sequences and the other control characters (C0 but tab and newline, DEL, C1)
CONTROL_RE = LazyRe(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-Z\\-_]|[\x00-\x08\x0b-\x1f\x7f-\x9f]")


# what a terminal would obey instead of show: control characters (escape sequences start with
# ESC), line and paragraph separators, and the invisible marks that reorder or hide text
_INERT_RE = LazyRe("[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u061c\u200b-\u200f\u2028-\u202e"
                    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]")


def inert(text):
    """``text`` as the CLI prints a memory: every character a terminal would obey (an escape
    sequence, a bell, a bidirectional override) shown as a visible escape (\\x1b, \\u202e)."""
    if text.isprintable():
        return text
    return _INERT_RE.sub(lambda m: ("\\x%02x" % ord(m.group(0)) if ord(m.group(0)) < 0x100
                                    else "\\u%04x" % ord(m.group(0))), text)


def flag_text(text):
    """``text`` as the flagging reads it: NFKC, format characters (zero-width spaces and
    joiners, bidirectional marks) and control characters (terminal escapes) removed, Cyrillic
    and Greek look-alikes folded to Latin, spaces inside role markers (``<| im_start |>``) closed
    up, white space folded."""
    import unicodedata
    text = str(text)
    if not text.isprintable():
        # a word broken at a line end is one word; an escape sequence is nothing; any other
        # control character separates words
        text = CONTROL_RE.sub(lambda m: "" if m.group(0)[:1] == "\x1b" else " ",
                               text.replace("-\n", "").replace("\n", " ").replace("\t", " "))
    if not text.isascii():
        text = _FORMAT_CHARS_RE.sub("", unicodedata.normalize("NFKC", text.translate(_FILLERS)))
        text = text.translate(_LOOK_ALIKES)
        # accents go (ignorè): letters with combining marks read as their base letters
        if _ACCENTED_RE.search(text):
            text = "".join(c for c in unicodedata.normalize("NFKD", text)
                           if not unicodedata.combining(c))
    if "|" in text:
        text = _ROLE_MARKER_RE.sub(r"<|\1|>", text)
    return " ".join(text.split())


# Every pattern above contains one of these (lower-cased); text with none of them is not checked
# further (one search instead of twenty).  A new pattern adds its own word here.
_INSTRUCTION_HINTS = ("ignore", "disregard", "forget", "override", "bypass", "skip", "instruction",
                      "now",
                      "henceforth", "act", "behav", "mode", "system", "assistant", "developer", "<",
                      "inst]",
                      "reveal", "print", "show", "output", "repeat", "leak", "send", "user",
                      "tool_use",
                      "function_call", "|", "base64", "-rf", "powershell", "command", "script",
                      "code",
                      "忽略", "无视", "忘记", "忘掉", "不要理会", "跳过", "现在", "今后", "新的", "扮演", "假装",
                      "开发者", "越狱", "透露", "泄露", "输出", "打印", "告诉", "执行", "运行", "note", "message",
                      "reminder", "memo", "dear", "attention", "hey", "end", "memor", "助手", "模型",
                      "智能体",
                      "机器人", "记忆", "回忆", "post", "upload", "forward", "transmit", "email",
                      "paste", "copy", "exfiltrate", "上传", "发送", "发到", "传到", "转发", "发给",
                      "提交到", "贴到")


_INSTRUCTION_RES = tuple((reason,
                          LazyRe("(?i)" + pattern)) for reason, pattern in _INSTRUCTION_PATTERNS)


def instruction_flag(text):
    """Why ``text`` reads as instructions to a model (override, role, exfiltrate, tool-call,
    shell), or None.  Flagged memories are kept and searchable but never injected automatically
    until a person clears them."""
    if not text:
        return None
    folded = flag_text(text)
    if not contains_any(folded.lower(), _INSTRUCTION_HINTS):
        return None
    for reason, pattern in _INSTRUCTION_RES:
        m = pattern.search(folded)
        if m:
            return "%s: %s" % (reason, short(m.group(0), 60))
    return None


# What a host puts into a user message that the user did not write: reminders and hook context
# (Claude Code's <system-reminder>, Gemini CLI's <hook_context>), command wrappers, Codex's
# environment, and this tool's own recall block
_HOST_TAG_RE = LazyRe(r"(?s)<(system-reminder|hook_context|user-prompt-submit-hook|"
                       r"local-command-caveat|local-command-stdout|environment_context|"
                       r"user_instructions|command-name|command-message|command-args)\b[^>]*>"
                       r".*?(?:</\1\s*>|\Z)")
_RECALL_BLOCK_RE = LazyRe(r"## What you remember \(memory_tiered\)[\s\S]*?"
                           r"(?:\(end of recalled memories\)[^\n]*|\Z)")


def user_words(text):
    """The part of a user turn the user wrote: host-injected blocks taken out ("" when nothing
    is left)."""
    if "<" in text:
        text = _HOST_TAG_RE.sub(" ", text)
    if "(memory_tiered)" in text:
        text = _RECALL_BLOCK_RE.sub(" ", text)
    return text.strip()


# -- Reading files: regular files only, bounded --
# (above every reader: a FIFO or a device planted where a file was expected must never block)


def open_regular(path, limit, what="file"):
    """A regular file opened for reading (never a FIFO, a device or a folder, which could block
    or never end), at most ``limit`` bytes; ValidationError with a one-line reason otherwise."""
    import stat
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise NotFoundError("cannot read the %s %s: %s" % (what, path, exc.strerror or exc))
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise ValidationError("the %s %s is not a regular file (a pipe or a device?); nothing was "
                              "read"
                              % (what, path))
    if info.st_size > limit:
        os.close(fd)
        raise ValidationError("the %s %s is %d MiB, over the %d MiB this reads; nothing was read"
                              % (what, path, info.st_size >> 20, limit >> 20))
    return os.fdopen(fd, "rb")
