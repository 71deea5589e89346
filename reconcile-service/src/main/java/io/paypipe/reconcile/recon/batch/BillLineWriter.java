package io.paypipe.reconcile.recon.batch;

import io.paypipe.reconcile.bill.BillLine;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The sink that stores a batch's lines in {@code recon_bill_line}, {@code batchSize} at a
 * time (one batched INSERT each): never more than one batch of lines in memory. Each line
 * then goes to {@code next} (the progress). {@link #flush()} stores the rest. Not thread
 * safe (a parser calls it from one thread).
 */
final class BillLineWriter implements Consumer<BillLine> {

    private final BillLineRepository repository;

    private final long batchId;

    private final int batchSize;

    private final Consumer<BillLine> next;

    private List<BillLine> pending;

    BillLineWriter(BillLineRepository repository, long batchId, int batchSize, Consumer<BillLine> next) {
        this.repository = repository;
        this.batchId = batchId;
        this.batchSize = batchSize;
        this.next = next;
        this.pending = new ArrayList<>(batchSize);
    }

    @Override
    public void accept(BillLine line) {
        pending.add(line);
        if (pending.size() >= batchSize) {
            flush();
        }
        next.accept(line);
    }

    void flush() {
        if (!pending.isEmpty()) {
            repository.insert(batchId, pending);
            pending = new ArrayList<>(batchSize);
        }
    }

}
