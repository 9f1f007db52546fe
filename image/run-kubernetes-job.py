#!/usr/bin/env python3
"""Runs a Job of examples/kubernetes/ as Kubernetes would, with podman: each completion's pod is the
Job's one container, run with its command, arguments, working folder and environment, plus the
variable Kubernetes sets in an Indexed Job's pods (JOB_COMPLETION_INDEX), its volume's mount given
by FOLDER. The pods run one after another. Exits with the first failing pod's status (0: all
completed). For make test-image.

usage: run-kubernetes-job.py JOB.yaml IMAGE FOLDER
"""
import subprocess
import sys

import yaml


def main():
    path, image, folder = sys.argv[1:4]
    with open(path) as file:
        job = yaml.safe_load(file)
    spec = job["spec"]
    pod = spec["template"]["spec"]
    (container,) = pod["containers"]
    (mount,) = container["volumeMounts"]
    indexed = spec.get("completionMode") == "Indexed"
    user = pod.get("securityContext", {}).get("runAsUser")
    for index in range(spec.get("completions", 1)):
        arguments = ["podman", "run", "--rm", "--network", "none", "-v", f"{folder}:{mount['mountPath']}"]
        # The mounted folder belongs to this machine's user, as an fsGroup makes it the pod's.
        arguments += ["--user", f"{subprocess.getoutput('id -u')}:{subprocess.getoutput('id -g')}"] if user else []
        arguments += ["-w", container.get("workingDir", "/")]
        for variable in container.get("env", []):
            arguments += ["-e", f"{variable['name']}={variable['value']}"]
        if indexed:
            arguments += ["-e", f"JOB_COMPLETION_INDEX={index}"]
        command = container.get("command", [])
        if command:
            arguments += ["--entrypoint", command[0]]
        arguments += [container.get("image") if image == "-" else image] + command[1:] + container.get("args", [])
        print(f"pod {index} of {job['metadata']['name']}", flush=True)
        status = subprocess.call(arguments)
        if status != 0:
            print(f"pod {index} of {job['metadata']['name']} exited {status}", file=sys.stderr)
            return status
    return 0


if __name__ == "__main__":
    sys.exit(main())
