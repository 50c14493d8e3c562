#!/bin/sh
# Rebuilds the word list of src/shared/schemas/common-passwords.ts from SecLists' top-1M list (argument: its path).
# Keeps the first 10,000 entries that could pass the other password rules (8+ characters, a letter and a digit).
head -10000 "$1" | tr -d '\r' | awk 'length($0)>=8 && /[A-Za-z]/ && /[0-9]/' | tr 'A-Z' 'a-z' | sort -u | tr '\n' ' '
