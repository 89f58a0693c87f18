#!/usr/bin/env python3
"""Runs a command in a pseudo-terminal, for tests of what a person sees and types.

usage: terminal.py COLS ROWS COMMAND [ARG...]

Bytes written to our stdin go to the terminal, so b'\\x03' is a real Ctrl+C (the terminal
driver turns it into SIGINT for the foreground process group); what the terminal shows comes
out on our stdout. We exit with the command's status (128 + N when signal N ended it).
"""
import fcntl
import os
import pty
import select
import struct
import sys
import termios

cols, rows, command = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
pid, master = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
    os.execvp(command[0], command)

stdin_open = True
while True:
    readable = [master] + ([0] if stdin_open else [])
    ready, _, _ = select.select(readable, [], [])
    if 0 in ready:
        data = os.read(0, 4096)
        if data:
            os.write(master, data)
        else:
            stdin_open = False
    if master in ready:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the terminal closed, the command is gone
            break
        if not data:
            break
        os.write(1, data)

_, status = os.waitpid(pid, 0)
if os.WIFSIGNALED(status):
    sys.exit(128 + os.WTERMSIG(status))
sys.exit(os.WEXITSTATUS(status))
