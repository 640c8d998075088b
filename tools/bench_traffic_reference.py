"""The Python route for /traffic's benchmark: what a user would write to get
per-minute tokens and requests per deployment out of an
`az monitor metrics list -o json` export (json.load, then a dict per
deployment and minute). Prints seconds."""
import json
import sys
import time
from collections import defaultdict

t = time.perf_counter()
with open(sys.argv[1], "rb") as f:
    doc = json.load(f)
cells = defaultdict(lambda: [0.0, 0.0, 0.0])
for metric in doc["value"]:
    name = metric["name"]["value"]
    slot = {"AzureOpenAIRequests": 0, "ProcessedPromptTokens": 1, "GeneratedTokens": 2}.get(name)
    if slot is None:
        continue
    for ts in metric["timeseries"]:
        dep = next((d["value"] for d in ts["metadatavalues"] if d["name"]["value"] == "ModelDeploymentName"), "")
        for p in ts["data"]:
            v = p.get("total")
            if v is not None:
                cells[(dep, p["timeStamp"][:16])][slot] += v
print(f"{time.perf_counter() - t:.2f}")
