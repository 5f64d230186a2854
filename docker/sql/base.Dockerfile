# plateau/sql-base on a machine that can pull images. Without a registry, scripts/build-images.sh
# builds the same base with debootstrap and apt-get from the same packages.txt.
FROM debian:bookworm-slim
COPY packages.txt /tmp/packages.txt
RUN printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod 755 /usr/sbin/policy-rc.d \
 && apt-get update \
 && sed -e 's/#.*//' /tmp/packages.txt | xargs apt-get install -y --no-install-recommends \
 && apt-get clean && rm -rf /var/lib/apt/lists/* /tmp/packages.txt /usr/sbin/policy-rc.d
ENV LANG=C.UTF-8
CMD ["bash"]
