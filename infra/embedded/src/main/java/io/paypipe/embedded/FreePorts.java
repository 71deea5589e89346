package io.paypipe.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free TCP ports on 127.0.0.1 for servers started after their ports are chosen (the
 * embedded broker and database, the services of a test pipeline).
 * <p>
 * A port the kernel gives for {@code bind(0)} comes from the ephemeral range, the range
 * outgoing connections take their local ports from. Between probing and binding, a client
 * connection of the same build (Kafka, JDBC, HTTP) can take it, and a server restarted on
 * its old port can find it gone: a CI run failed so, a service's Tomcat not starting
 * ("Failed to start bean 'webServerStartStop'") while another build ran on the machine.
 * So the ports are drawn at random from below the ephemeral range (on Linux
 * {@code /proc/sys/net/ipv4/ip_local_port_range}), where no outgoing connection goes, and
 * probed there; where that range is unknown or leaves too little room, the kernel's
 * {@code bind(0)} as before.
 */
public final class FreePorts {

    /** The lowest port drawn: above the well-known and the usual development ports. */
    static final int LOWEST = 10_000;

    private static final int MIN_SPAN = 1_000;

    private static final int ATTEMPTS = 500;

    private static final Path LINUX_EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

    private FreePorts() {
    }

    /** One free port. */
    public static int one() {
        return distinct(1)[0];
    }

    /**
     * {@code count} distinct free ports (all held open while probing, so they differ).
     */
    public static int[] distinct(int count) {
        List<ServerSocket> held = new ArrayList<>(count);
        try {
            InetAddress loopback = InetAddress.getByName("127.0.0.1");
            Optional<int[]> range = drawRange(ephemeralLow());
            for (int i = 0; i < count; i++) {
                held.add(range.isPresent() ? bindWithin(range.get(), loopback) : bind(0, loopback));
            }
            return held.stream().mapToInt(ServerSocket::getLocalPort).toArray();
        }
        catch (IOException e) {
            throw new UncheckedIOException("Could not find free ports", e);
        }
        finally {
            held.forEach(FreePorts::closeQuietly);
        }
    }

    /**
     * The range to draw from, {@code [LOWEST, ephemeralLow)}, if it is wide enough.
     */
    static Optional<int[]> drawRange(Optional<Integer> ephemeralLow) {
        return ephemeralLow.filter(low -> low - LOWEST >= MIN_SPAN).map(low -> new int[] { LOWEST, low });
    }

    /** The first port of the ephemeral range as the kernel says it, if it does. */
    static Optional<Integer> ephemeralLow() {
        try {
            // readAllLines, not readString: on this kernel readString/readAllBytes of the
            // procfs file return its first byte only ("3" of "32768 60999")
            String[] bounds = Files.readAllLines(LINUX_EPHEMERAL_RANGE).getFirst().trim().split("\\s+");
            return Optional.of(Integer.parseInt(bounds[0]));
        }
        catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static ServerSocket bindWithin(int[] range, InetAddress address) throws IOException {
        IOException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try {
                return bind(ThreadLocalRandom.current().nextInt(range[0], range[1]), address);
            }
            catch (IOException e) {
                last = e;
            }
        }
        throw new IOException("No free port in [" + range[0] + ", " + range[1] + ") after " + ATTEMPTS + " draws",
                last);
    }

    private static ServerSocket bind(int port, InetAddress address) throws IOException {
        ServerSocket socket = new ServerSocket();
        try {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(address, port), 1);
            return socket;
        }
        catch (IOException e) {
            closeQuietly(socket);
            throw e;
        }
    }

    private static void closeQuietly(ServerSocket socket) {
        try {
            socket.close();
        }
        catch (IOException ignored) {
            // best effort: the port is only probed
        }
    }

}
