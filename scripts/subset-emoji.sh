#!/usr/bin/env bash
# Rebuilds web/assets/emoji/reactions.woff2: the emoji the product itself draws (the reaction set in
# common/contract/enums.ts, the photo label, the demo welcome post), cut from Mozilla's COLR build of
# Twemoji (twemoji-colr-font on npm; font OFL 1.1, graphics CC-BY 4.0, see LICENSE beside it). COLR v0
# is drawn in colour by every current browser. Needs fontTools (Debian: python3-fonttools python3-brotli).
# Keep the list in step with the unicode-range of "Agora Emoji" in web/styles.css.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent twemoji-colr-font@15.0.3 >/dev/null && tar xzf twemoji-colr-font-15.0.3.tgz)
python3 -m fontTools.subset "$work/package/twemoji.woff2" \
  --unicodes="U+1F44D,U+2764,U+FE0F,U+1F602,U+1F62E,U+1F622,U+1F620,U+1F44F,U+1F389,U+1F525,U+1F4AF,U+1F4F7,U+1F44B" \
  --flavor=woff2 --layout-features='*' --output-file=web/assets/emoji/reactions.woff2
ls -l web/assets/emoji/reactions.woff2
