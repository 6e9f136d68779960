#!/usr/bin/env bash
# Packs a viewer build with everything it needs at run time that the GPU machine lacks (SDL2,
# FFmpeg, Mesa's software OpenGL, Xvfb, xdotool, a font) into one archive, so the window can be
# run there against the real GPU: the device tool carries at most 64 MiB, and the closure is
# ~400 MB unpacked. glibc and the CUDA libraries are left out: the GPU machine has its own.
# usage: tools/viewer_closure.sh BUILD_DIR ARCHIVE    (ARCHIVE ends in .tar.xz)
# On the GPU machine the parts are joined and unpacked, then tools/device_viewer.sh DIR runs the
# window and tests/test_viewer.sh from it (see its header). BUILD_DIR must be configured in
# /work/main, where the build looks for the bundled sample.
set -eu
build=$(realpath "$1")
archive=$(realpath -m "$2")
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,lib,dri,share,fonts}

bins=(/usr/bin/Xvfb /usr/bin/xdotool /usr/bin/ffmpeg /usr/bin/ffprobe /usr/bin/xkbcomp)
cp "$build/src/vfview" "$build/tests/media_check" "$stage/bin/" # test_viewer.sh checks with both
cp "${bins[@]}" "$stage/bin/"
cp /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so "$stage/dri/"
# opened at run time, not linked: libglvnd and Mesa's vendor libraries (through libepoxy and
# SDL2) and SDL2's X11 back end
extra_libs=()
for name in libGL.so.1 libGLX.so.0 libGLdispatch.so.0 libOpenGL.so.0 libEGL.so.1 \
    libGLX_mesa.so.0 libEGL_mesa.so.0 libX11-xcb.so.1 libXcursor.so.1 libXext.so.6 \
    libXfixes.so.3 libXi.so.6 libXrandr.so.2 libXss.so.1 libxkbcommon.so.0; do
    extra_libs+=("/usr/lib/x86_64-linux-gnu/$name")
done

# the run-time closure, minus glibc and the CUDA/NVIDIA libraries the GPU machine provides
skip='^(libc|libm|libdl|libpthread|librt|ld-linux-x86-64|libcuda|libcudart|libnpp|libnvidia)[.-]'
for object in "$stage/bin/"* "$stage/dri/"* "${extra_libs[@]}"; do
    ldd "$object" | awk '$3 ~ /^\// {print $3}'
done | sort -u | while read -r lib; do
    name=$(basename "$lib")
    [[ $name =~ $skip ]] || cp -L "$lib" "$stage/lib/$name"
done
cp -L "${extra_libs[@]}" "$stage/lib/"
cp -r /usr/share/X11/xkb "$stage/share/"
cp -L "$(fc-match -f '%{file}' monospace)" "$stage/fonts/"
cat >"$stage/fonts/fonts.conf" <<'CONF'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir prefix="relative">.</dir><cachedir>/tmp/vfview-fontcache</cachedir></fontconfig>
CONF
tar -C "$stage" -cf - . | xz -6 -T0 >"$archive"
du -h "$archive"
# the device tool carries 64 MiB per call, the working tree included: parts to carry one call
# after another, each unpacked into the same folder outside the tree (tools/device_viewer.sh)
rm -f "$archive".part-*
split -b 45M -d "$archive" "$archive".part-
ls -l "$archive".part-*
