// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/egress/EgressCa.h"

#include "providers/local/LocalLogging.h"

#include <QDir>
#include <QFile>
#include <QHostAddress>

#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

namespace Hopx::Local {

namespace {

constexpr long kCaDays = 3650;
constexpr long kHostDays = 1; // made again at every app start, so a day is plenty

QString openSslError()
{
    char buffer[256] = {0};
    ERR_error_string_n(ERR_get_error(), buffer, sizeof(buffer));
    return QString::fromLatin1(buffer);
}

bool addExtension(X509 *cert, X509 *issuer, int nid, const char *value)
{
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
    X509_EXTENSION *ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
    if (!ext)
        return false;
    const bool ok = X509_add_ext(cert, ext, -1) == 1;
    X509_EXTENSION_free(ext);
    return ok;
}

//! A certificate for \a key: a CA (issuer null: self-signed) or a server for \a host.
X509 *makeCertificate(EVP_PKEY *key, X509 *issuer, EVP_PKEY *issuerKey, const QString &host)
{
    X509 *cert = X509_new();
    bool ok = cert && X509_set_version(cert, 2) == 1;
    unsigned char serial[16];
    ok = ok && RAND_bytes(serial, sizeof(serial)) == 1;
    serial[0] &= 0x7f; // a positive number
    BIGNUM *bn = ok ? BN_bin2bn(serial, sizeof(serial), nullptr) : nullptr;
    ok = ok && bn && BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert));
    BN_free(bn);
    ok = ok && X509_gmtime_adj(X509_getm_notBefore(cert), -3600)
        && X509_gmtime_adj(X509_getm_notAfter(cert), (issuer ? kHostDays : kCaDays) * 86400L)
        && X509_set_pubkey(cert, key) == 1;
    X509_NAME *name = ok ? X509_get_subject_name(cert) : nullptr;
    const QByteArray cn = issuer ? host.toUtf8().left(64)
                                 : QByteArrayLiteral("HOPX Desktop egress CA (this machine only)");
    ok = ok
        && X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8,
            reinterpret_cast<const unsigned char *>("HOPX Desktop"), -1, -1, 0)
        && X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8,
            reinterpret_cast<const unsigned char *>(cn.constData()), int(cn.size()), -1, 0)
        && X509_set_issuer_name(cert, issuer ? X509_get_subject_name(issuer) : name) == 1;
    X509 *signer = issuer ? issuer : cert;
    if (ok && !issuer) {
        ok = addExtension(cert, signer, NID_basic_constraints, "critical,CA:TRUE,pathlen:0")
            && addExtension(cert, signer, NID_key_usage, "critical,keyCertSign,cRLSign")
            && addExtension(cert, signer, NID_subject_key_identifier, "hash");
    } else if (ok) {
        const bool literal = !QHostAddress(host).isNull();
        const QByteArray san = (literal ? "IP:" : "DNS:") + host.toUtf8();
        ok = addExtension(cert, signer, NID_basic_constraints, "critical,CA:FALSE")
            && addExtension(cert, signer, NID_key_usage, "critical,digitalSignature")
            && addExtension(cert, signer, NID_ext_key_usage, "serverAuth")
            && addExtension(cert, signer, NID_subject_alt_name, san.constData())
            && addExtension(cert, signer, NID_subject_key_identifier, "hash")
            && addExtension(cert, signer, NID_authority_key_identifier, "keyid:always");
    }
    ok = ok && X509_sign(cert, issuerKey, EVP_sha256()) > 0;
    if (!ok) {
        X509_free(cert);
        return nullptr;
    }
    return cert;
}

//! Servers speak HTTP/1.1 to the sandbox: the proxy reads one request head per connection.
int selectHttp11(SSL *, const unsigned char **out, unsigned char *outlen, const unsigned char *in,
    unsigned int inlen, void *)
{
    static const unsigned char http11[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
    unsigned char *selected = nullptr;
    if (SSL_select_next_proto(&selected, outlen, http11, sizeof(http11), in, inlen)
        != OPENSSL_NPN_NEGOTIATED)
        return SSL_TLSEXT_ERR_NOACK;
    *out = selected;
    return SSL_TLSEXT_ERR_OK;
}

QByteArray pem(X509 *cert)
{
    BIO *bio = BIO_new(BIO_s_mem());
    PEM_write_bio_X509(bio, cert);
    char *data = nullptr;
    const long n = BIO_get_mem_data(bio, &data);
    QByteArray out(data, int(n));
    BIO_free(bio);
    return out;
}

} // namespace

struct EgressCa::Keys
{
    EVP_PKEY *key = nullptr;
    X509 *cert = nullptr;
    ~Keys()
    {
        EVP_PKEY_free(key);
        X509_free(cert);
    }
};

EgressCa::EgressCa(QString dir)
    : m_dir(std::move(dir))
{ }

EgressCa::~EgressCa()
{
    for (SSL_CTX *ctx : std::as_const(m_contexts))
        SSL_CTX_free(ctx);
}

bool EgressCa::isReady() const
{
    return m_keys && m_keys->key && m_keys->cert;
}

QString EgressCa::certificatePath() const
{
    return m_dir + QStringLiteral("/ca.crt");
}

Core::Result<Core::Unit> EgressCa::prepare()
{
    if (isReady())
        return Core::Unit {};
    QDir().mkpath(m_dir);
    QFile::setPermissions(
        m_dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    if (QFile::exists(m_dir + QStringLiteral("/ca.key")))
        return load();
    return create();
}

Core::Result<Core::Unit> EgressCa::load()
{
    auto keys = std::make_unique<Keys>();
    const QByteArray keyPath = QFile::encodeName(m_dir + QStringLiteral("/ca.key"));
    const QByteArray certPath = QFile::encodeName(certificatePath());
    if (FILE *f = std::fopen(keyPath.constData(), "rb")) {
        keys->key = PEM_read_PrivateKey(f, nullptr, nullptr, nullptr);
        std::fclose(f);
    }
    if (FILE *f = std::fopen(certPath.constData(), "rb")) {
        keys->cert = PEM_read_X509(f, nullptr, nullptr, nullptr);
        std::fclose(f);
    }
    if (!keys->key || !keys->cert || X509_check_private_key(keys->cert, keys->key) != 1
        || X509_cmp_current_time(X509_get0_notAfter(keys->cert)) <= 0) {
        return Core::Error::make(Core::Error::Code::Internal,
            QStringLiteral("the egress CA in %1 is unreadable or expired; remove the "
                           "directory to make a new one")
                .arg(m_dir));
    }
    m_certPem = pem(keys->cert);
    m_keys = std::move(keys);
    return Core::Unit {};
}

Core::Result<Core::Unit> EgressCa::create()
{
    auto keys = std::make_unique<Keys>();
    keys->key = EVP_EC_gen("P-256");
    keys->cert = keys->key ? makeCertificate(keys->key, nullptr, keys->key, QString()) : nullptr;
    if (!keys->cert) {
        return Core::Error::make(Core::Error::Code::Internal,
            QStringLiteral("could not make the egress CA: %1").arg(openSslError()));
    }
    // The key first, private from its first byte: the directory is 0700 and the file 0600.
    const QString keyPath = m_dir + QStringLiteral("/ca.key");
    const QByteArray keyName = QFile::encodeName(keyPath);
    const int fd = ::open(keyName.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    FILE *f = fd >= 0 ? ::fdopen(fd, "wb") : nullptr;
    const bool keyOk =
        f && PEM_write_PrivateKey(f, keys->key, nullptr, nullptr, 0, nullptr, nullptr);
    if (f)
        std::fclose(f);
    else if (fd >= 0)
        ::close(fd);
    m_certPem = pem(keys->cert);
    QFile cert(certificatePath());
    if (!keyOk || !cert.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || cert.write(m_certPem) != m_certPem.size()) {
        QFile::remove(keyPath);
        return Core::Error::make(Core::Error::Code::Internal,
            QStringLiteral("could not write the egress CA to %1").arg(m_dir));
    }
    qCInfo(lcLocal).noquote() << "made this installation's egress CA in" << m_dir;
    m_keys = std::move(keys);
    return Core::Unit {};
}

SSL_CTX *EgressCa::serverContext(const QString &host)
{
    if (SSL_CTX *ctx = m_contexts.value(host))
        return ctx;
    if (!isReady())
        return nullptr;
    EVP_PKEY *key = EVP_EC_gen("P-256");
    X509 *cert = key ? makeCertificate(key, m_keys->cert, m_keys->key, host) : nullptr;
    SSL_CTX *ctx = cert ? SSL_CTX_new(TLS_server_method()) : nullptr;
    const bool ok = ctx && SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION) == 1
        && SSL_CTX_use_certificate(ctx, cert) == 1 && SSL_CTX_use_PrivateKey(ctx, key) == 1
        && SSL_CTX_add1_chain_cert(ctx, m_keys->cert) == 1;
    X509_free(cert);
    EVP_PKEY_free(key);
    if (!ok) {
        qCWarning(lcLocal).noquote()
            << "egress CA: no certificate for" << host << ":" << openSslError();
        SSL_CTX_free(ctx);
        return nullptr;
    }
    SSL_CTX_set_alpn_select_cb(ctx, selectHttp11, nullptr);
    m_contexts.insert(host, ctx);
    return ctx;
}

} // namespace Hopx::Local
