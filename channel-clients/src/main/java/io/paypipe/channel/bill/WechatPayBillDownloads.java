package io.paypipe.channel.bill;

import com.wechat.pay.java.core.cipher.RSAPrivacyDecryptor;
import com.wechat.pay.java.core.exception.HttpException;
import com.wechat.pay.java.core.exception.MalformedMessageException;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.core.http.HttpClient;
import com.wechat.pay.java.core.util.PemUtil;
import com.wechat.pay.java.service.billdownload.BillDownloadService;
import com.wechat.pay.java.service.billdownload.model.BillType;
import com.wechat.pay.java.service.billdownload.model.GetTradeBillRequest;
import com.wechat.pay.java.service.billdownload.model.HashType;
import com.wechat.pay.java.service.billdownload.model.QueryBillEntity;
import com.wechat.pay.java.service.billdownload.model.TarType;
import io.paypipe.channel.Merchants;
import io.paypipe.channel.wechatpay.WechatPayApiClient;
import io.paypipe.channel.wechatpay.WechatPayClients;
import io.paypipe.channel.wechatpay.WechatPayEndpoint;
import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * WeChat Pay's ALL trade bill of a merchant's day (CHANNELS.md §1.6), signed with the
 * merchant's key from the merchants file (a sub-merchant's with its service provider's,
 * naming it in {@code sub_mchid}) through the official SDK's HTTP client
 * ({@link WechatPayClients}). Step 1 is the SDK's
 * {@code BillDownloadService.getTradeBill} ({@code tar_type=GZIP} always), its answer
 * verified as every answer; step 2 is the SDK's signed {@code HttpClient.download} of the
 * {@code download_url}. The SDK's {@code BillDownloadServiceExtension} is not used: it
 * unzips the stream and checks the hash itself, and keeps the download's length from the
 * caller; here the body stays the gzip as sent (reconcile-service's parser unzips it,
 * tells a cut gzip from a bill, and checks {@code hash_value}, the SHA-1 of the
 * uncompressed file, passed as {@link BillFile#sha1Hex()}), its length is the download's
 * Content-Length, and it is never read here. {@code NO_STATEMENT_EXIST} (a day not over,
 * or its bill not made yet) is {@link BillFetch.NotReady}; any other refusal, a timeout,
 * an answer not signed by WeChat Pay, a download answered other than 200 is
 * {@link BillFetch.Failed}. The endpoint's call timeout bounds step 1 (the channel builds
 * the file's hash before it answers: give a large day a few seconds) and the wait for the
 * download's headers.
 */
public final class WechatPayBillDownloads implements BillDownloads, AutoCloseable {

    static final String NO_STATEMENT_EXIST = "NO_STATEMENT_EXIST";

    private static final Logger log = LoggerFactory.getLogger(WechatPayBillDownloads.class);

    private static final Pattern ERROR_CODE = Pattern.compile("\"code\"\\s*:\\s*\"([A-Za-z0-9_]+)\"");

    private final Merchants merchants;

    private final WechatPayClients clients;

    public WechatPayBillDownloads(Merchants merchants, WechatPayEndpoint endpoint) {
        this.merchants = merchants;
        this.clients = new WechatPayClients(endpoint);
    }

    @Override
    public Channel channel() {
        return Channel.WECHATPAY;
    }

    @Override
    public BillFetch fetch(BillRequest request) {
        String whose = "wechatpay merchant " + request.merchantId()
                + request.spMerchantId().map(sp -> " under " + sp).orElse("");
        BillFetch fetch = account(request, whose);
        String outcome = switch (fetch) {
            case BillFetch.Ready ready -> "ready, " + ready.file().length() + " bytes";
            case BillFetch.NotReady notReady -> "not ready, " + notReady.code();
            case BillFetch.Failed failed -> "failed, " + failed.reason();
        };
        if (fetch instanceof BillFetch.Failed) {
            log.warn("wechatpay bill of {} for {}: {}", whose, request.day(), outcome);
        }
        else {
            log.info("wechatpay bill of {} for {}: {}", whose, request.day(), outcome);
        }
        return fetch;
    }

    private BillFetch account(BillRequest request, String whose) {
        Optional<Merchant> account = merchants.of(Channel.WECHATPAY, request.merchantId(), request.spMerchantId());
        if (account.isEmpty()) {
            return new BillFetch.Failed("no credentials: the merchants file has no " + whose);
        }
        Optional<HttpClient> client;
        try {
            client = clients.of(account.get());
        }
        catch (RuntimeException e) {
            return new BillFetch.Failed("no credentials: the outbound key of " + whose + " is unusable");
        }
        if (client.isEmpty()) {
            return new BillFetch.Failed("no credentials: the merchants file gives " + whose + " no outbound key");
        }
        return call(client.get(), service(client.get(), account.get()), request);
    }

    /**
     * The SDK's bill service on the merchant's client; it insists on a decryptor (for the
     * encrypted fund-flow bills, unused here): the merchant's API key.
     */
    private static BillDownloadService service(HttpClient client, Merchant account) {
        return new BillDownloadService.Builder().httpClient(client)
            .decryptor(new RSAPrivacyDecryptor(
                    PemUtil.loadPrivateKeyFromString(account.wechatpay().merchantPrivateKeyPem())))
            .build();
    }

    /** The two steps: the SDK's exceptions become values, none escapes. */
    private static BillFetch call(HttpClient client, BillDownloadService service, BillRequest request) {
        try {
            QueryBillEntity bill = service.getTradeBill(tradeBill(request));
            if (bill.getHashType() != HashType.SHA1 || blank(bill.getHashValue()) || blank(bill.getDownloadUrl())) {
                return new BillFetch.Failed("wechatpay: the bill answer names no SHA1 hash or no download URL");
            }
            return download(client, bill);
        }
        catch (ServiceException e) {
            return NO_STATEMENT_EXIST.equals(e.getErrorCode())
                    ? new BillFetch.NotReady(e.getErrorCode(), String.valueOf(e.getErrorMessage()))
                    : new BillFetch.Failed("wechatpay: the bill request answered HTTP " + e.getHttpStatusCode() + " "
                            + e.getErrorCode());
        }
        catch (ValidationException e) {
            return new BillFetch.Failed("wechatpay: an answer not signed by WeChat Pay");
        }
        catch (HttpException e) {
            return new BillFetch.Failed(e.getCause() instanceof HttpTimeoutException ? "wechatpay: no answer in time"
                    : "wechatpay: no answer: "
                            + (e.getCause() == null ? "?" : e.getCause().getClass().getSimpleName()));
        }
        catch (MalformedMessageException e) {
            return new BillFetch.Failed("wechatpay: a malformed answer");
        }
        catch (RuntimeException e) {
            return new BillFetch.Failed("wechatpay: an answer the SDK cannot read: " + e.getClass().getSimpleName());
        }
    }

    /**
     * Step 2: the file, open. {@link WechatPayClients} builds
     * {@link WechatPayApiClient}s, whose downloads carry their status and length.
     */
    private static BillFetch download(HttpClient client, QueryBillEntity bill) {
        InputStream body = client.download(bill.getDownloadUrl());
        long length = -1;
        if (body instanceof WechatPayApiClient.Download download) {
            if (download.status() != 200) {
                return new BillFetch.Failed("wechatpay: the bill download answered HTTP " + download.status()
                        + errorCode(download).map(code -> " " + code).orElse(""));
            }
            length = download.contentLength();
        }
        return new BillFetch.Ready(new BillFile(body, length, Optional.of(bill.getHashValue()), Optional.empty()));
    }

    static GetTradeBillRequest tradeBill(BillRequest request) {
        GetTradeBillRequest call = new GetTradeBillRequest();
        call.setBillDate(request.day().toString());
        call.setBillType(BillType.ALL);
        call.setTarType(TarType.GZIP);
        request.spMerchantId().ifPresent(sp -> call.setSubMchid(request.merchantId().value()));
        return call;
    }

    /** WeChat's error code in the first KB of a refused download, which is closed. */
    private static Optional<String> errorCode(InputStream refused) {
        try (InputStream in = refused) {
            Matcher m = ERROR_CODE.matcher(new String(in.readNBytes(1024), StandardCharsets.UTF_8));
            return m.find() ? Optional.of(m.group(1)) : Optional.empty();
        }
        catch (IOException e) {
            return Optional.empty();
        }
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    @Override
    public void close() {
        clients.close();
    }

}
