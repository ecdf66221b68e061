#!/bin/sh
echo "The native Prisma schema engine is not installed here. Use: npm run migrate -- <create NAME|deploy|status|diff>" >&2
exit 1
