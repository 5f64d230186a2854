# plateau/ctf-base on a machine that can pull images: plateau/base plus the CTF tools of
# packages.txt. Without a registry, scripts/build-images.sh installs the same list with apt-get in a
# chroot of the base's debootstrap tarball.
FROM plateau/base:latest
COPY packages.txt /tmp/packages.txt
RUN apt-get update \
 && sed -e 's/#.*//' /tmp/packages.txt | xargs apt-get install -y --no-install-recommends \
 && apt-get clean && rm -rf /var/lib/apt/lists/* /tmp/packages.txt /usr/share/doc/* /usr/share/man/*
ENV LANG=C.UTF-8
CMD ["bash"]
