package io.paypipe.processor.support;

import io.paypipe.embedded.EmbeddedMariaDb;
import java.nio.file.Path;

/**
 * A MariaDB of a test's own, for tests that stop the database under the processor; its
 * data lives under {@code target/} so it survives a restart on the same port.
 */
public final class OwnDatabase implements AutoCloseable {

    /**
     * One directory for every such test of this JVM (they run one after the other): the
     * binaries unpack once.
     */
    private final Path dir = Path.of("target", "own-db").toAbsolutePath();

    private volatile EmbeddedMariaDb db;

    private final int port;

    public OwnDatabase() {
        db = EmbeddedMariaDb.start(dir, 0, false);
        port = db.port();
        db.createDatabase("paypipe");
    }

    public String jdbcUrl() {
        return db.jdbcUrl("paypipe");
    }

    public void stop() {
        db.close();
    }

    /** Starts it again on the same port with the same data. */
    public void restart() {
        db = EmbeddedMariaDb.start(dir, port, true);
    }

    @Override
    public void close() {
        db.close();
    }

}
