"""Secrets are caught by their shape (a value given to a secret-sounding name in any notation, a
password on a command line, URL user-info, "password is X" prose in both languages, a vendor
prefix, a long random token beside a secret word), on every way in: records, session cards,
captured turns, pending sessions and the notes printed on stderr.  Look-alikes stay."""

import json
import os
import sqlite3
import unittest

from helpers import CLITestCase, memory_tiered

# (text, the value that must not survive): the forms people paste, one of each shape
CAUGHT = [
    ("WECHAT_APIV3_KEY=Qm8vT2xLr5Zp1Ns7Wd4Ky0Hb3Jc6Fe9G", "Qm8vT2xLr5Zp1Ns7Wd4Ky0Hb3Jc6Fe9G"),
    ("APP_KEY=base64:dGhpcyBpcyBhIGxhcmF2ZWwga2V5IGZvciB0ZXN0cw==", "dGhpcyBpcyBhIGxhcmF2ZWwga2V5IGZvciB0ZXN0cw=="),
    ("DB_PASS=winter-Lantern-42", "winter-Lantern-42"),
    ("ADMIN_PW=Kestrel!2031", "Kestrel!2031"),
    ("export STRIPE_SIGNING=whsec_3fJk29Lmn0PqRsT4uVwXyZ12", "whsec_3fJk29Lmn0PqRsT4uVwXyZ12"),
    ("connect with redis://:Tw0-Ravens-Fly@cache.internal:6379/0", "Tw0-Ravens-Fly"),
    ("DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==;EndpointSuffix=core.windows.net",
     "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA=="),
    ("mysql -u root -pOrchid7Harbor shop", "Orchid7Harbor"),
    ("mysql --user=root --password=Orchid7Harbor shop", "Orchid7Harbor"),
    ("curl -u deploy:Velvet-Anchor-88 https://ci.example.com/api", "Velvet-Anchor-88"),
    ("sshpass -p 'Glacier#Mint5' ssh ops@10.0.0.4", "Glacier#Mint5"),
    ("docker login -u bot -p Nimbus-Quill-301 registry.example.com", "Nimbus-Quill-301"),
    ("数据库密码：Lotus88Pagoda", "Lotus88Pagoda"),
    ("password：Lotus88Pagoda", "Lotus88Pagoda"),
    ("my password is: Lotus88Pagoda", "Lotus88Pagoda"),
    ("the root password is Lotus88Pagoda, don't share it", "Lotus88Pagoda"),
    ("服务器的密码是 Lotus88Pagoda", "Lotus88Pagoda"),
    ("Set-Cookie: sessionid=8f3k2l9d0s7a6h5g4j3k2l1q; Path=/; HttpOnly", "8f3k2l9d0s7a6h5g4j3k2l1q"),
    ("Cookie: session=eyJ1c2VyIjoxfQ.Zk3l9A.Q2hhbmdlTWVQbGVhc2U", "eyJ1c2VyIjoxfQ.Zk3l9A.Q2hhbmdlTWVQbGVhc2U"),
    ("APPSECRET 是 7f3a9c1e5b2d8f4a6c0e9b7d3f1a5c8e", "7f3a9c1e5b2d8f4a6c0e9b7d3f1a5c8e"),
    ("use hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345 for the model pull", "hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345"),
    ("SG.ab12CD34ef56GH78ij90KL.mn12OP34qr56ST78uv90WX12yz34AB56cd78EF90gh", "SG.ab12CD34ef56GH78ij90KL.mn12OP34qr56ST78uv90WX12yz34AB56cd78EF90gh"),
    ("token dop_v1_4f8e2a9c7b1d3e5f6a8b0c2d4e6f8a0b1c3d5e7f9a1b3c5d7e9f0a2b4c6d8e0f", "dop_v1_4f8e2a9c7b1d3e5f6a8b0c2d4e6f8a0b1c3d5e7f9a1b3c5d7e9f0a2b4c6d8e0f"),
    ("shopify 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", "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"),
    ("vault login hvs.CAESIJk3l2m1n0p9o8i7u6y5t4r3e2w1q0aZ", "hvs.CAESIJk3l2m1n0p9o8i7u6y5t4r3e2w1q0aZ"),
    ("linear lin_api_0a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9t", "lin_api_0a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9t"),
    ("supabase sbp_0123456789abcdef0123456789abcdef01234567", "sbp_0123456789abcdef0123456789abcdef01234567"),
    ("bot 7312945608:AAH3kL9mN2pQ5rS8tU1vW4xY7zA0bC3dE6f", "AAH3kL9mN2pQ5rS8tU1vW4xY7zA0bC3dE6f"),
    ('{"client_secret": "Xy9-Kp2_Lm8qRt5vWz3n"}', "Xy9-Kp2_Lm8qRt5vWz3n"),
    ("smtp:\n  password: Harbor-Lights-19", "Harbor-Lights-19"),
    ('signing_key = "T0ml-Signing-Key-2b7c"', "T0ml-Signing-Key-2b7c"),
    ("psql --password=Fjord-Basil-6 -h db", "Fjord-Basil-6"),
    ("Authorization: Basic ZGVwbG95OlZlbHZldC1BbmNob3ItODg=", "ZGVwbG95OlZlbHZldC1BbmNob3ItODg="),
    ("X-Api-Key: 4c8e1a7f3b9d2e6a0c5f8b1d4e7a2c9f", "4c8e1a7f3b9d2e6a0c5f8b1d4e7a2c9f"),
    ("https://hooks.example.com/send?access_token=9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a", "9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a"),
    ("aliyun key secret: Lx8Qw2Er4Ty6Ui8Op0As2Df4Gh6Jk8", "Lx8Qw2Er4Ty6Ui8Op0As2Df4Gh6Jk8"),
    ("口令：Lotus88Pagoda", "Lotus88Pagoda"),
    ("密钥是 Qm8vT2xLr5Zp1Ns7Wd4Ky0Hb3Jc6Fe9G", "Qm8vT2xLr5Zp1Ns7Wd4Ky0Hb3Jc6Fe9G"),
    ("PGPASSWORD=Fjord-Basil-6 psql -h db", "Fjord-Basil-6"),
    ("redis-cli -a Tw0-Ravens-Fly ping", "Tw0-Ravens-Fly"),
]

# text a developer needs kept exactly as written
KEPT = [
    "fixed in commit 3f9a2c1e8b7d6f5a4c3b2a1f0e9d8c7b6a5f4e3d",
    "request id 7c9e6679-7425-40de-944b-e07fc1f90ae7 failed",
    "sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "PASSWORD=<your password>",
    "API_KEY=${API_KEY}",
    "password=",
    "rotate the token every 90 days",
    "密码错误，请重试",
    "忘记密码了怎么办？",
    "call get_secret_key() before signing",
    "image@sha256:4bcff63911fcb4448bd4fdacec207030997caf25e9bea4045fa6c8c44de311d1",
    "the token bucket refills 10 per second",
    "set token: changeme in the example config",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE dev@laptop",
    "https://example.com/docs/auth#tokens",
    "order 202611200001234567 shipped",
    "the password field is required",
    "密钥轮换策略：每季度一次",
    "mysql -u root -p shop",
    "mysql -h 10.0.0.9 -u dev -p shop_dev",
    "token count: 12345",
]


# the mechanisms of the fifth round, each with a form of its own (caught) and a look-alike (kept)
MECHANISMS = [
    ("escapes undone", 'log body="{\\"user\\":\\"svc\\",\\"password\\":\\"Qe8!vRt2#Lm\\"}"', "Qe8!vRt2#Lm"),
    ("escapes undone", "build_flags = -DMQTT_PASS=\\\"Lark44&Fennel\\\"", "Lark44&Fennel"),
    ("a sigil that is no reference", "P4PASSWD=%k2Lp*Wq9zR", "%k2Lp*Wq9zR"),
    ("user and password flags, any program", "ipmitool -H 10.1.1.9 -U admin -P 'Rv7#tLq2!x' power status", "Rv7#tLq2!x"),
    ("user and password flags, any program", "xfreerdp /v:host /u:ops /p:Quill-Rain-62 /cert:ignore", "Quill-Rain-62"),
    ("a token after a login verb", "ngrok config add-authtoken 2fKq9LmZ8xW3vB7nR4tY6uP1sD5gH0jA_Ck2Lq", "2fKq9LmZ8xW3vB7nR4tY6uP1sD5gH0jA_Ck2Lq"),
    ("a token given to a token flag", "influx query -t Zx8Kq2Lm9Wv4Rt7Yp1Nb6Hc3Jd0Fg5Sa8Qe2Tw4Uy6Io= 'x'", "Zx8Kq2Lm9Wv4Rt7Yp1Nb6Hc3Jd0Fg5Sa8Qe2Tw4Uy6Io="),
    ("the value after a label line", "AccessKey Secret\nR8vKq2Lm9Wz4Tx7Yp1Nb6Hc3Jd", "R8vKq2Lm9Wz4Tx7Yp1Nb6Hc3Jd"),
    ("the codes after a label line", "备用验证码：\n3921 0475\n8812 6630", "8812 6630"),
    ("a CSV password column", "host,ip,user,password,note\nkiosk-1,10.0.0.5,pi,Wren-Pebble-71,lobby", "Wren-Pebble-71"),
    ("a table's password column without a rule line", "| 系统 | 账号 | 密码 |\n| 后台 | admin | Hx9!kLq2 |", "Hx9!kLq2"),
    ("an INSERT's password column", "INSERT INTO users (id, login, passwd) VALUES (1, 'ann', 'Fig3-Lantern!');", "Fig3-Lantern!"),
    ("a name, then its value on the next line", "env:\n  - name: PAY_API_KEY\n    value: \"3a9f1c7e5b2d8f4a6c0e9b7d3f1a5c8e\"", "3a9f1c7e5b2d8f4a6c0e9b7d3f1a5c8e"),
    ("a YAML block scalar", "smtp:\n  password: >-\n    Cedar!Moth-58\n  port: 465", "Cedar!Moth-58"),
    ("a password under a name that holds other things", '"key": "9Pv&)=Lm#2Qx!wZ"', "9Pv&)=Lm#2Qx!wZ"),
    ("a long random run standing alone", "Kq8Zx2Lm9Wv4Rt7Yp1Nb6Hc3Jd0Fg5SaQe2Tw4Uy is what the console showed", "Kq8Zx2Lm9Wv4Rt7Yp1Nb6Hc3Jd0Fg5SaQe2Tw4Uy"),
    ("a Wi-Fi PSK", "network={\n  ssid=\"Attic\"\n  psk=\"Moss7Harbor%\"\n}", "Moss7Harbor%"),
    ("a seed phrase", "recovery phrase: maple river stone cloud amber wolf tiger ocean lamp field honey brave", "maple river stone cloud amber wolf tiger ocean lamp field honey brave"),
    ("a key as a list of bytes", "network_key: [12, 200, 33, 4, 91, 180, 77, 6, 250, 19, 8, 144, 61, 2, 99, 170]", "[12, 200, 33, 4, 91, 180, 77, 6, 250, 19, 8, 144, 61, 2, 99, 170]"),
    ("a key in a query", "GET /data?q=x&appid=5b1e9f3c7a2d4e6f8a0b1c3d5e7f9a1b&units=metric", "5b1e9f3c7a2d4e6f8a0b1c3d5e7f9a1b"),
    ("a Chinese verb with 了", "NAS 的密码我改成了 qiuyu2024_，记一下", "qiuyu2024_"),
    ("a call named for a password", 'client.username_pw_set("node7", "Tern-Violet-93")', "Tern-Violet-93"),
    ("an element with attributes", '<wsse:Password Type="#PasswordText">Qv7!nLp2-x</wsse:Password>', "Qv7!nLp2-x"),
    ("an element named by its attribute", '<property name="db.password">Rook#4418z</property>', "Rook#4418z"),
    ("a config key with sections", '<add key="Mail:Password" value="Hazel_2291!" />', "Hazel_2291!"),
    ("a SQL N'' literal", "CREATE LOGIN app WITH PASSWORD = N'Wq8#pLm2!z', CHECK_POLICY = OFF", "Wq8#pLm2!z"),
    ("an array index name", "$cfg['Servers'][$i]['password'] = 'Fen9!Lark';", "Fen9!Lark"),
    ("a salt of every kind of character", "define('AUTH_SALT', 'q8#Lm2]x!Pv7{Z(r@9 Wn4^Tb6*Kc1~Hd3-Jf5+Gs0');",
     "q8#Lm2]x!Pv7{Z(r@9 Wn4^Tb6*Kc1~Hd3-Jf5+Gs0"),
    ("a full-width equals sign", "测试账号：qa01，密码＝Lk8!qa22", "Lk8!qa22"),
    ("a secure string, either order", '$p = ConvertTo-SecureString -AsPlainText "Vm2!kq9Lx" -Force', "Vm2!kq9Lx"),
    ("a call's credentials in C#", 'new NetworkCredential("ops@example.org", "Pine!7730")', "Pine!7730"),
    ("a basic-auth tuple", 'requests.get(url, auth=("svc", "Tr4-kLm9-Qz2"))', "Tr4-kLm9-Qz2"),
    ("a password hashed in code", "'password' => Hash::make('Orchid55*mist')", "Orchid55*mist"),
    ("a Chinese account and password", "管理员账号 root / Xq-77!mLp，别外传", "Xq-77!mLp"),
]
MECHANISM_LOOK_ALIKES = [
    "Cache restored from key: Linux-Node-5d8e2f0a1b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
    "password: !secret wifi_password",
    "Authorization: !env_var PRINTER_TOKEN",
    "MQTT_PASSWORD=********",
    "GH_TOKEN=ghp_************************************",
    "docker run -e HF_TOKEN=${HF_TOKEN} -v $PWD:/work img",
    "Compiled shader 'Lit' pass 'ForwardLit' stage fragment",
    "$pw = Read-Host -AsSecureString",
    "  public key: Wq0Lk3mN8vB2xC7zR5tY1uP9sD4fG6hJ2kL8qW3eR5t=",
    "spring.datasource.password=ENC(Zx8Kq2Lm9Wv4Rt7Yp1Nb6Hc3Jd0Fg5SaQe2Tw4Uy6Io8Pa)",
    "Twilio Messaging Service SID 是 MG5b1e9f3c7a2d4e6f8a0b1c3d5e7f9a1b",
    "echo 'eyJidWlsZCI6MTg0MiwicGxhdGZvcm0iOiJhbmRyb2lkIiwiY2hhbm5lbCI6ImJldGEifQ==' | base64 -d",
    "github.com/foo/bar v1.2.3 h1:Kq8Zx2Lm9Wv4Rt7Yp1Nb6Hc3Jd0Fg5SaQe2Tw4Uy6Io=",
    "bssid=a0:b1:c2:d3:e4:f5",
    "hostname,ip,mac\nkiosk-1,10.0.0.5,a0:b1:c2:d3:e4:f5",
    "mosquitto_pub -h broker -p 8883 -u sensor -P $MQTT_PASS -t t -m 1",
    "| 参数 | 说明 |\n| app_secret | 应用密钥，在开放平台获取 |\n| sign | 签名，见签名算法 |",
    '<div class="g-recaptcha" data-sitekey="6Lq8Zx2Lm9Wv4Rt7Yp1Nb6Hc3Jd0Fg5Sa"></div>',
    "AccessKey ID 是 LTAI5tQ8Zx2Lm9Wv4Rt7Yp1N，Secret 在密码管理器里",
    "public string Password { get; set; }",
    "auth:\n  existingSecret: shop-mysql-credentials",
    "ERROR 1698: Access denied (using password: YES)\n密码肯定没错，是不是 auth_socket 插件的问题？",
    'EDITOR="code --wait" bin/rails credentials:edit',
    "certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvakNDQWVhZ0F3SUJBZ0lCQURBTkJna3Fo",
    "mapboxgl.accessToken = 'pk.eyJ1IjoicGl4ZWwiLCJhIjoiY2x0czEyMzQ1Njc4OTBhYmNkZWYifQ.Zx2Lm9Wv4Rt7Yp1Nb6Hc3J';",
    'Driver={ODBC Driver 18 for SQL Server};Server=tcp:db.example.net,1433;Database=dw;Uid=ro;Encrypt=yes;',
    '$ env | grep -E "TOKEN|SECRET"\nGITHUB_TOKEN=\nAPP_SECRET=\nboth empty',
    "model,prompt_tokens_per_1k,max_tokens,region\nsmall,0.50,4096,eu\nlarge,2.25,8192,us",
]


class SecretMechanismTests(unittest.TestCase):
    def test_each_mechanism_catches_its_form(self):
        missed = [(why, memory_tiered.scrub(text)[0]) for why, text, secret in MECHANISMS
                  if secret in memory_tiered.scrub(text)[0]]
        self.assertEqual(missed, [])

    def test_their_look_alikes_are_kept(self):
        changed = [(text, memory_tiered.scrub(text)[0]) for text in MECHANISM_LOOK_ALIKES
                   if memory_tiered.scrub(text)[0] != text]
        self.assertEqual(changed, [])

    def test_scrubbing_scrubbed_text_changes_nothing(self):
        for _, text, _ in MECHANISMS:
            once = memory_tiered.scrub(text)[0]
            self.assertEqual(memory_tiered.scrub(once)[0], once)

class SecretShapeTests(CLITestCase):
    def test_every_shape_is_caught(self):
        missed = []
        for text, secret in CAUGHT:
            cleaned, _ = memory_tiered.scrub(text)
            if secret in cleaned:
                missed.append(text)
        self.assertEqual(missed, [])

    def test_a_password_attached_to_a_flag_takes_nothing_after_it(self):
        self.assertEqual(memory_tiered.scrub("mysql -h 10.0.0.9 -u dev -pDevPass2026 shop_dev")[0],
                         "mysql -h 10.0.0.9 -u dev -p[REDACTED:password] shop_dev")

    def test_look_alikes_are_kept(self):
        changed = [(text, memory_tiered.scrub(text)[0]) for text in KEPT if memory_tiered.scrub(text)[0] != text]
        self.assertEqual(changed, [])

    def test_a_session_card_keeps_no_pasted_secret(self):
        lines = [
            {"type": "user", "sessionId": "sec-1", "cwd": self.tmp, "timestamp": "2026-11-20T10:00:00Z",
             "message": {"role": "user", "content": "the db is down, my password is: Lotus88Pagoda"}},
            {"type": "assistant", "sessionId": "sec-1", "timestamp": "2026-11-20T10:00:05Z",
             "message": {"role": "assistant", "content": [
                 {"type": "tool_use", "id": "t1", "name": "Bash",
                  "input": {"command": "mysql -u root -pOrchid7Harbor -e 'select 1'"}}]}},
            {"type": "user", "sessionId": "sec-1", "timestamp": "2026-11-20T10:00:06Z",
             "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "1"}]}},
            {"type": "assistant", "sessionId": "sec-1", "timestamp": "2026-11-20T10:00:09Z",
             "message": {"role": "assistant", "content": [{"type": "text", "text": "The database answers again."}]}},
        ]
        path = os.path.join(self.tmp, "sec-1.jsonl")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("".join(json.dumps(line) + "\n" for line in lines))
        self.run_cli("import-transcripts", path)
        self.run_cli("capture", "--transcript", path)
        conn = self.connect(self.db)
        stored = json.dumps([list(r) for t in ("memory_l1", "session_turns", "pending_sessions")
                             for r in conn.execute("SELECT * FROM %s" % t)])
        for secret in ("Lotus88Pagoda", "Orchid7Harbor"):
            self.assertNotIn(secret, stored)
        self.assertIn("mysql", stored)

    def test_a_token_given_as_a_project_is_neither_echoed_nor_stored(self):
        token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
        out, err = self.run_cli("add-l1", "--session-id", "p1", "--summary", "a memory", "--project", token)
        self.assertNotIn(token, err)
        hook = {"session_id": "hook-" + token, "cwd": os.path.join(self.tmp, token), "reason": "exit"}
        result = self.subprocess("hook", "session-end", input=json.dumps(hook).encode())
        self.assertNotIn(token.encode(), result.stderr)
        conn = self.connect(self.db)
        stored = json.dumps([list(r) for t in ("memory_l1", "pending_sessions")
                             for r in conn.execute("SELECT * FROM %s" % t)])
        self.assertNotIn(token, stored)


if __name__ == "__main__":
    unittest.main()
